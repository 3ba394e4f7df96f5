// Every vendored library gets the page's one React (the UMD build the scaffold loads first), so
// hooks and context work across the component and the libraries it imports.
module.exports = window.React;
