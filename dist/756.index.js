export const id = 756;
export const ids = [756];
export const modules = {

/***/ 3756:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runPublishNoCodeModule: () => (/* binding */ runPublishNoCodeModule)
/* harmony export */ });
async function runPublishNoCodeModule(_inputs, _context) {
    throw new Error('mode publish-no-code-module is not available yet');
}


/***/ })

};
