/* global document, Redoc */
// Starts Redoc (its standalone bundle, served from node_modules by pages-router.ts, sets the
// global Redoc) on our own contract. Kept in a file, not inline, so the CSP can forbid inline script.
const root = document.getElementById('redoc');
Redoc.init(root.dataset.specUrl, { hideDownloadButton: false, expandResponses: '200,201' }, root);
