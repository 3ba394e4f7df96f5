// The page's one ReactDOM (react-dom/client's createRoot lives on it in React 18's UMD build).
module.exports = window.ReactDOM;
