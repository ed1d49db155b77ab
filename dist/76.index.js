export const id = 76;
export const ids = [76];
export const modules = {

/***/ 1076:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runUpgradeNoCodeWorkspace: () => (/* binding */ runUpgradeNoCodeWorkspace)
/* harmony export */ });
async function runUpgradeNoCodeWorkspace(_inputs, _context) {
    throw new Error('mode upgrade-no-code-workspace is not available yet');
}


/***/ })

};
