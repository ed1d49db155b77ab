export const id = 581;
export const ids = [581];
export const modules = {

/***/ 5581:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runCli: () => (/* binding */ runCli)
/* harmony export */ });
/** The command line for other CI systems (filled in later). */
async function runCli(_args) {
    process.stderr.write('The command line is not available yet.\n');
    return 2;
}


/***/ })

};
