/**
 * The one stylesheet of the gateway's pages, served as a static asset (`/pages/assets/pages-<hash>.css`). System
 * fonts only (nothing is fetched from elsewhere), text contrast of at least 7:1 on its background (WCAG AAA for body
 * text, AA for the muted grey), a visible focus ring, and a single column that fits a phone's width.
 */
export const pageStyles = `
:root { color-scheme: light; }
*, *::before, *::after { box-sizing: border-box; }
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; background: #f4f5f7;
  color: #1b1d21; overflow-wrap: anywhere; }
main { max-width: 38rem; margin: 2rem auto; background: #fff; border-radius: 10px; padding: 1.5rem 2rem;
  box-shadow: 0 1px 3px rgba(0,0,0,.12); }
main.wide { max-width: 78rem; }
@media (max-width: 40rem) { main { margin: 0; border-radius: 0; padding: 1rem; } }
h1 { font-size: 1.35rem; margin: 0 0 .25rem; }
h2 { font-size: 1.1rem; margin: 1.25rem 0 .5rem; }
h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
a { color: #1747c7; }
.muted { color: #4f5563; }
ul { padding-left: 1.2rem; }
fieldset { border: 1px solid #c4c8d0; border-radius: 8px; margin: 1rem 0; padding: .75rem 1rem; min-width: 0; }
label { display: block; padding: .25rem 0; }
.error { background: #fde8e8; color: #7a1616; padding: .5rem .75rem; border-radius: 6px; }
.notice { background: #e6f4ea; color: #14532d; padding: .5rem .75rem; border-radius: 6px; }
article { border: 1px solid #c4c8d0; border-radius: 8px; padding: 1rem; margin: 1rem 0; }
.buttons { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.25rem; }
button { font: inherit; padding: .55rem 1.2rem; border-radius: 6px; border: 1px solid #8a909c; background: #fff;
  color: #1b1d21; cursor: pointer; min-height: 2.75rem; }
button.approve, button.primary { background: #1747c7; border-color: #1747c7; color: #fff; }
button.reject { border-color: #b91c1c; color: #b91c1c; }
button[disabled] { opacity: .6; cursor: progress; }
:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
code, pre { background: #f0f1f4; border-radius: 4px; font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; }
code { padding: 0 .25rem; overflow-wrap: anywhere; }
pre { padding: .5rem .75rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
textarea, input[type="text"], input[type="password"], select { display: block; width: 100%; font: inherit;
  padding: .4rem .5rem; border: 1px solid #8a909c; border-radius: 6px; background: #fff; color: #1b1d21; }
textarea { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
.columns { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(18rem, 100%), 1fr)); gap: 1.5rem; }
.columns > * { min-width: 0; }
dl.fields { display: grid; grid-template-columns: minmax(6rem, max-content) minmax(0, 1fr); gap: .25rem 1rem; margin: .5rem 0; }
dl.fields dt { color: #4f5563; }
dl.fields dd { margin: 0; word-break: break-word; }
.verdict { display: inline-block; padding: .15rem .6rem; border-radius: 999px; font-weight: 600; }
.verdict.permit { background: #dff3e4; color: #0f5223; }
.verdict.forbid { background: #fde8e8; color: #7a1616; }
.verdict.pending { background: #fff1d6; color: #5c3b00; }
.nested { border-left: 3px solid #c4c8d0; padding-left: .75rem; margin: .5rem 0; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`
