/**
 * The whole stylesheet, inlined (the CSP allows inline styles and nothing else). Written without
 * the characters HTML text escaping would change (greater-than, ampersand, double quote).
 */
export const ADMIN_CSS = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1a1f36;background:#f6f8fa}
a{color:#4f46e5}
a:focus,button:focus,input:focus,select:focus,summary:focus{outline:3px solid #f59e0b;outline-offset:2px}
.skip{position:absolute;left:-999px}
.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:9}
.stage{background:#b45309;color:#fff;text-align:center;font-weight:700;letter-spacing:.08em;padding:6px}
.stage.production{background:#1a1f36;font-weight:400;letter-spacing:0}
header{display:flex;flex-wrap:wrap;gap:12px 24px;align-items:center;background:#fff;border-bottom:1px solid #e3e8ee;padding:10px 24px}
header .brand{font-weight:700;margin-right:auto}
header nav a{margin-right:16px;text-decoration:none;font-weight:600;color:#3c4257}
header nav a[aria-current=page]{color:#4f46e5;border-bottom:2px solid #4f46e5}
header form{display:inline}
main{max-width:1200px;margin:0 auto;padding:24px}
h1{font-size:24px;margin:0 0 16px}
h2{font-size:18px;margin:24px 0 8px}
.card h2{margin-top:0}
.card{background:#fff;border:1px solid #e3e8ee;border-radius:8px;padding:16px;margin-bottom:16px}
.tiles{display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:12px;margin-bottom:16px}
.tile{background:#fff;border:1px solid #e3e8ee;border-radius:8px;padding:12px 16px}
.tile .n{font-size:22px;font-weight:700}
table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #e3e8ee;vertical-align:top}
th{font-size:12px;text-transform:uppercase;color:#697386;letter-spacing:.04em}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.scroll{overflow-x:auto}
textarea.copy{width:100%;font:.85rem/1.3 ui-monospace,monospace;word-break:break-all;resize:vertical}
.badge{display:inline-block;border-radius:10px;padding:1px 8px;font-size:13px;font-weight:600;white-space:nowrap}
.badge.paga{background:#d7f7c2;color:#05690d}
.badge.aguardando_pagamento{background:#fcedb9;color:#7a3e00}
.badge.negada{background:#ffe0e0;color:#a41c1c}
.badge.cancelada{background:#e3e8ee;color:#3c4257}
form.search{display:grid;grid-template-columns:repeat(auto-fit,minmax(170px,1fr));gap:10px 14px;align-items:end}
label{display:block;font-size:13px;font-weight:600;color:#3c4257}
input,select{width:100%;font:inherit;padding:6px 8px;border:1px solid #c1c9d2;border-radius:6px;background:#fff}
button,.button{display:inline-block;font:inherit;font-weight:600;padding:7px 14px;border-radius:6px;border:1px solid #4f46e5;background:#4f46e5;color:#fff;cursor:pointer;text-decoration:none}
.button.secondary,button.secondary{background:#fff;color:#4f46e5}
button.danger{background:#b42318;border-color:#b42318}
.actions{display:flex;gap:10px;flex-wrap:wrap;align-items:center}
.error{color:#a41c1c;font-size:13px}
.notice{border-left:4px solid #4f46e5;background:#eef2ff;padding:10px 14px;margin-bottom:16px}
.notice.bad{border-color:#b42318;background:#fff1f0}
dl.fields{display:grid;grid-template-columns:minmax(140px,220px) 1fr;gap:6px 16px;margin:0}
dl.fields dt{color:#697386}
dl.fields dd{margin:0;word-break:break-word}
.muted{color:#697386}
.login{max-width:380px;margin:60px auto}
.login label{margin-top:12px}
.login button{margin-top:16px;width:100%}
.chart{width:100%;height:auto}
.chart .bar{fill:#6366f1}
.chart .axis{stroke:#c1c9d2}
.chart text{font-size:11px;fill:#697386}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:700px){main{padding:12px}dl.fields{grid-template-columns:1fr}.hide-small{display:none}}
`;
