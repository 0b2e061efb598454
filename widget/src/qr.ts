import { encode } from "uqr";

const SVG = "http://www.w3.org/2000/svg";

/**
 * The QR code of `text`: its width in modules (a 4-module quiet zone included) and one SVG path of the dark
 * modules. Pure, so a test can check what a drawn code holds.
 */
export function qrModules(text: string): { size: number; path: string } {
  const { size, data } = encode(text, { ecc: "M", border: 4 });
  let path = "";
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { size, path };
}

/**
 * A QR code of `text` as an SVG element (nothing is parsed from a string, as the page builds every element with
 * the DOM), crisp at any size.
 */
export function qrSvg(text: string, label: string): SVGSVGElement {
  const { size, path } = qrModules(text);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("class", "qr");
  const background = document.createElementNS(SVG, "rect");
  background.setAttribute("width", String(size));
  background.setAttribute("height", String(size));
  background.setAttribute("fill", "#fff");
  const modules = document.createElementNS(SVG, "path");
  modules.setAttribute("d", path);
  modules.setAttribute("fill", "#000");
  svg.append(background, modules);
  return svg;
}
