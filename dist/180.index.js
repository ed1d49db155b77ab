export const id = 180;
export const ids = [180];
export const modules = {

/***/ 9180:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runModuleTests: () => (/* binding */ runModuleTests)
/* harmony export */ });
async function runModuleTests(_inputs, _context) {
    throw new Error('mode run-module-tests is not available yet');
}


/***/ })

};
