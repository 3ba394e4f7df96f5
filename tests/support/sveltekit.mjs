// A page of SvelteKit 2's adapter-static build in the shape it writes (tests/sites-tools3 and
// sites-tools4): the prerendered home page or the fallback shell, linking `{base}_app/immutable/…`
// and starting the kit on the script's parent element (`start` is the hydration argument, '' for a
// shell with nothing to hydrate). `id` is the build's `__sveltekit_…` suffix.
export const SK = '_app/immutable';

export const skShell = (base, body, start, id = '1ox7b2v') => `<!doctype html>
<html lang="en">
	<head>
		<meta charset="utf-8" />
		<meta name="viewport" content="width=device-width, initial-scale=1" />
		<link href="${base}${SK}/assets/0.C4mT2kYq.css" rel="stylesheet">
		<link rel="modulepreload" href="${base}${SK}/entry/start.BdX3k2Q1.js">
		<link rel="modulepreload" href="${base}${SK}/entry/app.Cq9d8e7F.js">
	</head>
	<body data-sveltekit-preload-data="hover">
		<div style="display: contents">${body}
			<script>
				{
					__sveltekit_${id} = {
						base: ${base === '/' ? '""' : 'new URL(".", location).pathname.slice(0, -1)'}
					};

					const element = document.currentScript.parentElement;

					Promise.all([
						import("${base}${SK}/entry/start.BdX3k2Q1.js"),
						import("${base}${SK}/entry/app.Cq9d8e7F.js")
					]).then(([kit, app]) => {
						kit.start(app, element${start});
					});
				}
			</script>
		</div>
	</body>
</html>
`;
