// Imports a view's built module (the file URL given) and prints the type of its default export's
// `render`, as anywidget calls it: tests/test_front_end_files.py expects "function".
const view = await import(process.argv[2]);
console.log(typeof view.default.render);
