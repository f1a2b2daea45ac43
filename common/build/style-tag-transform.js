// How style-loader applies a stylesheet of an app. A prerendered page already holds the same
// stylesheet, captured when it was rendered: the new element takes its place, so that the order of the
// rules never changes while the page comes alive (a later copy would briefly outrank the rules after
// it, and the page would move).
export default function styleTagTransform(css, styleElement) {
  const twin = [...document.querySelectorAll('style')].find((style) => style !== styleElement && style.textContent === css);
  twin?.replaceWith(styleElement);
  styleElement.textContent = css;
}
