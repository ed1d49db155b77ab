export const id = 587;
export const ids = [587];
export const modules = {

/***/ 6587:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runProvisionNoCodeWorkspace: () => (/* binding */ runProvisionNoCodeWorkspace)
/* harmony export */ });
async function runProvisionNoCodeWorkspace(_inputs, _context) {
    throw new Error('mode provision-no-code-workspace is not available yet');
}


/***/ })

};
