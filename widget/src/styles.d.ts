/** Stylesheets are bundled by esbuild (`build.ts`): importing one adds it to the page's CSS. */
declare module "*.css";
