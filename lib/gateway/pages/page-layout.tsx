import type { ComponentChildren } from 'preact';
import type { PageTheme } from './page-theme';

/**
 * Mobile first (works at 360 px), every style inline in the page (the CSP allows no other source). No script, except
 * the Pix page's one file, allowed by the response's CSP nonce.
 */
function stylesFor(theme: PageTheme): string {
  return `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1a1a1a;background:#f2f3f5}
.env{background:${theme.accent};color:${theme.onAccent};padding:.75rem 1rem;display:flex;gap:.75rem;align-items:baseline;flex-wrap:wrap}
.env-name{font-weight:700;font-size:1.2rem;letter-spacing:.02em}
main{max-width:30rem;margin:1rem auto;padding:0 .75rem}
.panel{background:#fff;border-radius:.5rem;padding:1rem;margin-bottom:1rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.25rem;margin:0 0 .75rem}
h2{font-size:1.05rem;margin:0 0 .5rem}
dl.order{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;margin:0}
dl.order dt{color:#555}
dl.order dd{margin:0;overflow-wrap:anywhere}
.total{font-size:1.2rem;font-weight:700}
.field{margin-bottom:.9rem}
label,legend{display:block;font-weight:600;margin-bottom:.25rem}
input[type=text],input[type=password],select{width:100%;font-size:1rem;padding:.6rem;border:1px solid #8a8f98;border-radius:.35rem;background:#fff}
input[aria-invalid=true]{border-color:#b00020;border-width:2px}
fieldset{border:0;padding:0;margin:0 0 .9rem}
.choice{display:flex;gap:.5rem;align-items:center;padding:.6rem;border:1px solid #8a8f98;border-radius:.35rem;margin-bottom:.5rem;font-weight:400}
.hint{color:#555;font-size:.875rem;margin:.2rem 0 0}
.field-error{color:#b00020;font-size:.9rem;margin:.25rem 0 0}
.alert{background:#fdecee;color:#8a0016;border-left:4px solid #b00020;padding:.6rem .75rem;margin-bottom:1rem}
.notice{background:#fff7e0;border-left:4px solid #c98a00;padding:.6rem .75rem;margin-bottom:1rem}
.code{font:700 1.4rem/1.2 ui-monospace,monospace;letter-spacing:.2em}
button,.button{display:block;width:100%;font-size:1.05rem;font-weight:700;padding:.75rem;border:0;border-radius:.35rem;background:${theme.accent};color:${theme.onAccent};text-align:center;text-decoration:none;cursor:pointer}
.outcome-paga{color:#0a6b2a}
.outcome-negada,.outcome-cancelada{color:#8a0016}
footer{max-width:30rem;margin:0 auto 2rem;padding:0 .75rem;color:#666;font-size:.8rem}
[hidden]{display:none!important}
.qr svg{display:block;width:100%;max-width:17rem;height:auto;margin:0 auto .75rem}
textarea{width:100%;font:.85rem/1.35 ui-monospace,monospace;padding:.5rem;border:1px solid #8a8f98;border-radius:.35rem;resize:none;overflow-wrap:anywhere}
.secondary{background:#fff;color:#1a1a1a;border:2px solid ${theme.accent};margin-top:.5rem}
.status{font-weight:600;margin:.75rem 0 0}
.countdown{font-variant-numeric:tabular-nums;color:#555;margin:.25rem 0 0}
[data-state=expired] .while-open,[data-state=paid] .while-open,[data-state=cancelled] .while-open{display:none}
`;
}

/** The head every page of ours has: language, phone viewport, not indexed, its styles inline. */
export function DocumentHead(props: { title: string; styles: string }) {
  return (
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex" />
      <title>{props.title}</title>
      <style>{props.styles}</style>
    </head>
  );
}

export function PageLayout(props: {
  theme: PageTheme;
  title: string;
  children: ComponentChildren;
  /** What the footer reassures the buyer of (card pages: that card data is not kept). */
  footer?: string;
  /** A static script file and the nonce the response's CSP allows it by. */
  script?: { src: string; nonce: string };
}) {
  return (
    <html lang="pt-BR">
      <DocumentHead title={`${props.title} · ${props.theme.environment}`} styles={stylesFor(props.theme)} />
      <body>
        <header class="env">
          <span class="env-name">{props.theme.environment}</span>
          <span>{props.theme.tagline}</span>
        </header>
        <main>{props.children}</main>
        <footer>{props.footer ?? 'Ambiente protegido. Os dados do cartão não são guardados.'}</footer>
        {props.script ? <script src={props.script.src} nonce={props.script.nonce} /> : null}
      </body>
    </html>
  );
}
