/**
 * The console's stylesheet, inlined (the CSP allows inline styles, and script only by nonce). Written without the
 * characters HTML text escaping would change (greater-than, ampersand, double quote). Phone first: tables scroll
 * sideways inside their box, forms stack.
 */
export const CONSOLE_CSS = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#102a43;background:#f4f7fa}
a{color:#0b69a3}
a:focus,button:focus,input:focus,summary:focus{outline:3px solid #f0b429;outline-offset:2px}
.stage{background:#c65d21;color:#fff;text-align:center;font-weight:700;letter-spacing:.08em;padding:5px}
.stage.production{background:#102a43;font-weight:400;letter-spacing:0}
header{display:flex;flex-wrap:wrap;gap:8px 20px;align-items:center;background:#fff;border-bottom:1px solid #d9e2ec;padding:10px 20px}
header .brand{font-weight:700;margin-right:auto;text-decoration:none;color:#102a43}
header form{display:inline}
main{max-width:1100px;margin:0 auto;padding:20px 16px}
h1{font-size:22px;margin:0 0 12px;word-break:break-all}
h2{font-size:17px;margin:0 0 8px}
.panel{background:#fff;border:1px solid #d9e2ec;border-radius:8px;padding:14px;margin-bottom:16px}
.scroll{overflow-x:auto}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:7px 9px;border-bottom:1px solid #e4e7eb;vertical-align:top}
th{font-size:12px;text-transform:uppercase;color:#627d98;letter-spacing:.04em}
td.name{word-break:break-all;min-width:12em}
td.num,th.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
label{display:block;font-size:13px;font-weight:600;color:#334e68;margin-top:8px}
input[type=text],input[type=password],input[type=search]{width:100%;font:inherit;padding:7px 9px;border:1px solid #bcccdc;border-radius:6px}
button,.button{display:inline-block;font:inherit;font-weight:600;padding:6px 13px;border-radius:6px;border:1px solid #0b69a3;background:#0b69a3;color:#fff;cursor:pointer;text-decoration:none;margin:2px 0}
button.secondary,.button.secondary{background:#fff;color:#0b69a3}
button.danger{background:#ba2525;border-color:#ba2525}
.row{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.row form{display:inline}
.row input[type=text],.row input[type=search]{flex:1 1 14em;width:auto}
.crumbs{margin-bottom:10px;word-break:break-all}
.crumbs a,.crumbs span{margin-right:4px}
.notice{border-left:4px solid #0b69a3;background:#e6f6ff;padding:9px 13px;margin-bottom:14px}
.notice.bad{border-color:#ba2525;background:#ffeeee}
.badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:12px;font-weight:700;background:#e4e7eb;color:#334e68}
.badge.public{background:#fce588;color:#8d2b0b}
.policy{overflow:auto;max-height:24em;background:#f5f7fa;padding:8px;border-radius:4px;font-size:12px}
dl.fields{display:grid;grid-template-columns:minmax(110px,200px) 1fr;gap:4px 14px;margin:0}
dl.fields dt{color:#627d98}
dl.fields dd{margin:0;word-break:break-all}
.muted{color:#627d98}
.drop{border:2px dashed #9fb3c8;border-radius:8px;padding:18px;text-align:center;margin:8px 0;color:#486581}
.drop.over{border-color:#0b69a3;background:#e6f6ff}
.progress{list-style:none;padding:0;margin:8px 0 0}
.progress li{display:grid;grid-template-columns:1fr 8em;gap:4px 10px;word-break:break-all;padding:4px 0;border-bottom:1px solid #e4e7eb}
.progress progress{width:100%}
.progress .state{grid-column:1/3;font-size:13px;color:#486581}
.login{max-width:420px;margin:24px auto}
@media (max-width:600px){header{padding:8px 12px}main{padding:12px 8px}dl.fields{grid-template-columns:1fr}th.hide,td.hide{display:none}}
`;
