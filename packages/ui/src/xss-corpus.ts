/**
 * XSS payloads for rich-HTML inputs (news content…), shared by the kit's unit tests and the
 * end-to-end tests that save them through the API and prove in a browser that none runs.
 *
 * Every payload runs `call` (default `alert(1)`) if it ever executes, so a browser test can
 * listen for dialogs or pass its own call, e.g. `xssPayloads('window.__xss=1')`.
 * A few payloads are entity- or base64-encoded and always use `alert(1)`.
 */
export function xssPayloads(call = 'alert(1)'): string[] {
  const b64 = typeof btoa === 'function' ? btoa(`<script>${call}</script>`) : '';
  return [
    // Script tags
    `<script>${call}</script>`,
    `<SCRIPT SRC=//evil.example/xss.js></SCRIPT>`,
    `<script type="module">${call}</script>`,
    `<scr<script>ipt>${call}</scr</script>ipt>`,
    `<<script>${call}//<</script>`,
    `<script\x20type="text/javascript">${call};</script>`,
    `<p>texte</p><script>/*<!--*/${call}/*-->*/</script>`,
    // Event handlers
    `<img src=x onerror=${call}>`,
    `<img src="x" onerror="${call}" alt="photo">`,
    `<IMG SRC=x OnErRoR=${call}>`,
    `<body onload=${call}>`,
    `<div onmouseover="${call}">survol</div>`,
    `<p onclick="${call}">clic</p>`,
    `<a href="#" onfocus="${call}" autofocus>lien</a>`,
    `<details open ontoggle=${call}>`,
    `<video><source onerror="${call}"></video>`,
    `<audio src=x onerror=${call}>`,
    `<marquee onstart=${call}>défilement</marquee>`,
    `<input autofocus onfocus=${call}>`,
    `<select autofocus onfocus=${call}></select>`,
    `<textarea autofocus onfocus=${call}></textarea>`,
    `<img src=x:${call}. onerror=eval(src.slice(2))>`,
    `<img/src="x"/onerror="${call}">`,
    `<img src=x onerror\x0b=${call}>`,
    // javascript: and other dangerous URLs
    `<a href="javascript:${call}">lien</a>`,
    `<a href="JaVaScRiPt:${call}">lien</a>`,
    `<a href=" javascript:${call}">espace</a>`,
    `<a href="jav&#x09;ascript:alert(1)">tabulation</a>`,
    `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">entités</a>`,
    `<a href="javascript&colon;alert(1)">deux-points</a>`,
    `<a href="vbscript:msgbox(1)">vb</a>`,
    `<a href="data:text/html;base64,${b64}">data</a>`,
    `<a href="data:text/html,<script>${call}</script>">data html</a>`,
    `<img src="javascript:${call}">`,
    `<iframe src="javascript:${call}"></iframe>`,
    `<form action="javascript:${call}"><button>Envoyer</button></form>`,
    `<button formaction="javascript:${call}">Envoyer</button>`,
    `<object data="javascript:${call}"></object>`,
    `<embed src="javascript:${call}">`,
    `<a href="java\nscript:${call}">retour ligne</a>`,
    // SVG and MathML
    `<svg onload=${call}>`,
    `<svg><script>${call}</script></svg>`,
    `<svg><a xlink:href="javascript:${call}"><text x="20" y="20">XSS</text></a></svg>`,
    `<svg><animate onbegin=${call} attributeName=x dur=1s>`,
    `<svg><set attributeName="onmouseover" to="${call}"/></svg>`,
    `<svg><foreignObject><iframe srcdoc="<script>${call}</script>"></iframe></foreignObject></svg>`,
    `<math><mtext><table><mglyph><style><img src=x onerror=${call}></style></mglyph></table></mtext></math>`,
    `<math href="javascript:${call}">clic</math>`,
    `<svg></p><style><a id="</style><img src=1 onerror=${call}>">`,
    // Malformed markup and parser confusion
    `<img """><script>${call}</script>">`,
    `<noscript><p title="</noscript><img src=x onerror=${call}>">`,
    `<style><img src="</style><img src=x onerror=${call}//">`,
    `<title><img src="</title><img src=x onerror=${call}>">`,
    `<textarea><img src="</textarea><img src=x onerror=${call}>">`,
    `<!--<img src="--><img src=x onerror=${call}//">`,
    `<a href="x" title="a"onmouseover="${call}">attributs collés</a>`,
    `<template><script>${call}</script></template>`,
    `<div id="x"><![CDATA[<img src=x onerror=${call}>]]></div>`,
    // Frames, srcdoc, meta refresh, base
    `<iframe srcdoc="<script>${call}</script>"></iframe>`,
    `<iframe srcdoc="&lt;img src=x onerror=${call}&gt;"></iframe>`,
    `<meta http-equiv="refresh" content="0;url=javascript:${call}">`,
    `<meta http-equiv="refresh" content="0;url=data:text/html;base64,${b64}">`,
    `<base href="javascript:${call}//">`,
    `<link rel="stylesheet" href="javascript:${call}">`,
    `<object data="data:text/html;base64,${b64}"></object>`,
    `<embed src="data:image/svg+xml;base64,${b64}">`,
    // Style expressions and CSS loading
    `<div style="width: expression(${call})">IE</div>`,
    `<div style="background-image: url(javascript:${call})">fond</div>`,
    `<div style="behavior: url(xss.htc)">comportement</div>`,
    `<div style="-moz-binding: url(xss.xml#xss)">liaison</div>`,
    `<style>@import 'javascript:${call}';</style>`,
    `<style>body{background:url("javascript:${call}")}</style>`,
    // data: URLs and DOM clobbering
    `<img src="data:image/svg+xml,<svg onload=${call}>">`,
    `<form id="test"><input name="attributes"></form>`,
    `<img name="cookie" src="x"><a id="location" href="javascript:${call}">x</a>`,
  ];
}

/** The corpus with `alert(1)` as the call. */
export const XSS_CORPUS: readonly string[] = xssPayloads();

/** Elements that run script, load a document or restyle the page: none may survive. */
const DANGEROUS_TAGS = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'meta',
  'link',
  'style',
  'form',
  'svg',
  'math',
  'template',
  'noscript',
]);
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'background',
]);
const SCRIPT_URL = /^(?:javascript|vbscript|livescript|data:(?!image\/(?:png|jpe?g|gif|webp);))/i;
const compact = (value: string) => [...value].filter((c) => c.charCodeAt(0) > 32).join('');

/**
 * Problems found in sanitised HTML: a dangerous element, an `on*` attribute, a script URL,
 * `srcdoc` or a CSS expression. Empty when the markup is inert. Parses with the DOM, so it
 * works in a browser (end-to-end tests) as well as in happy-dom.
 */
export function findUnsafeMarkup(html: string): string[] {
  const problems: string[] = [];
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of template.content.querySelectorAll('*')) {
    const tag = element.localName.toLowerCase();
    if (DANGEROUS_TAGS.has(tag)) problems.push(`<${tag}> element`);
    for (const { name, value } of Array.from(element.attributes)) {
      const attr = name.toLowerCase();
      if (attr.startsWith('on')) problems.push(`${attr} attribute on <${tag}>`);
      if (attr === 'srcdoc') problems.push(`srcdoc on <${tag}>`);
      if (URL_ATTRIBUTES.has(attr) && SCRIPT_URL.test(compact(value))) {
        problems.push(`${attr}="${value}" on <${tag}>`);
      }
      if (attr === 'style' && /expression|url\s*\(|binding|behavior/i.test(value)) {
        problems.push(`style="${value}" on <${tag}>`);
      }
    }
  }
  // Markup-level checks too, in case the parser above and the browser disagree.
  if (/<\s*script/i.test(html)) problems.push('<script in markup');
  if (/<[^>]*\son[a-z]+\s*=/i.test(html)) problems.push('on*= attribute in markup');
  if (/<[^>]*javascript:/i.test(html)) problems.push('javascript: in a tag');
  return problems;
}
