export const id = 202;
export const ids = [202];
export const modules = {

/***/ 821:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runSyncPolicies: () => (/* binding */ runSyncPolicies)
/* harmony export */ });
async function runSyncPolicies(_inputs, _context) {
    throw new Error('mode sync-policies is not available yet');
}


/***/ })

};
