/**
 * The hosted Pix page's only script, served as a file (GET /v1/pix/pix-page.js) and allowed by the page's CSP nonce.
 * The page works without it (QR code, copia e cola text, expiry time, a reload shows the news); with it:
 * - the "Copiar código" button puts the copia e cola text on the clipboard (or selects it, where the clipboard is
 *   refused);
 * - a countdown to the expiry, counted from the seconds the server said were left (the buyer's clock may be wrong);
 * - the status line asks `<uuid>/status` every few seconds; once paid the buyer goes to the store's return URL, once
 *   expired (or refused) the page says so calmly. It writes with textContent only.
 */
export const PIX_PAGE_SCRIPT = `(() => {
  'use strict';
  const root = document.querySelector('[data-pix-page]');
  if (!root) return;
  const statusUrl = root.getAttribute('data-status-url');
  const returnUrl = root.getAttribute('data-return-url') || '';
  const deadline = performance.now() + Number(root.getAttribute('data-seconds-left')) * 1000;
  const line = root.querySelector('[data-status-line]');
  const countdown = root.querySelector('[data-countdown]');
  const code = root.querySelector('[data-copy-text]');
  const copy = root.querySelector('[data-copy]');
  const copied = root.querySelector('[data-copied]');
  const POLL_MS = 3000;
  let finished = false;

  const say = (text) => { if (line) line.textContent = text; };

  const heading = root.querySelector('h1');
  const TITLES = { expired: 'Este Pix expirou', paid: 'Pagamento confirmado', cancelled: 'Pagamento estornado' };

  function show(state, text) {
    root.setAttribute('data-state', state);
    if (heading && TITLES[state]) heading.textContent = TITLES[state];
    say(text);
  }

  if (copy && code) {
    copy.hidden = false;
    copy.addEventListener('click', () => {
      const done = (text) => { if (copied) copied.textContent = text; };
      const select = () => { code.focus(); code.select(); };
      if (!navigator.clipboard) { select(); return done('Código selecionado: copie com o menu do seu aparelho.'); }
      navigator.clipboard.writeText(code.value).then(
        () => done('Código copiado. Cole no app do seu banco, em Pix copia e cola.'),
        () => { select(); done('Código selecionado: copie com o menu do seu aparelho.'); },
      );
    });
  }

  // The sandbox button's POST answers with the way to the store: no poll may navigate in the middle of it.
  let leaving = false;
  for (const form of root.querySelectorAll('form')) form.addEventListener('submit', () => { leaving = true; });

  function tick() {
    if (finished || !countdown) return;
    const left = Math.max(0, Math.round((deadline - performance.now()) / 1000));
    const minutes = Math.floor(left / 60);
    const seconds = String(left % 60).padStart(2, '0');
    countdown.textContent = left > 0 ? 'Expira em ' + minutes + ':' + seconds : 'Prazo encerrado';
    if (left === 0) show('expired', 'O prazo deste Pix acabou. Se você já pagou, aguarde: conferimos mais uma vez.');
    else setTimeout(tick, 1000);
  }

  function finish(state, text) {
    finished = true;
    if (countdown) countdown.textContent = '';
    show(state, text);
  }

  async function poll() {
    if (finished || leaving) return;
    try {
      const response = await fetch(statusUrl, { cache: 'no-store', credentials: 'omit', headers: { accept: 'application/json' } });
      if (response.ok) {
        const answer = await response.json();
        if (answer.status === 'paga') {
          finish('paid', returnUrl ? 'Pagamento confirmado! Voltando para a loja...' : 'Pagamento confirmado! Você já pode fechar esta página.');
          if (returnUrl) window.location.assign(returnUrl);
          return;
        }
        if (answer.status === 'negada') return finish('expired', 'Este Pix expirou sem pagamento. Volte à loja para gerar outro.');
        if (answer.status === 'cancelada') return finish('cancelled', 'Este pagamento foi cancelado. Volte à loja.');
      }
    } catch (error) {
      // Offline for a moment: the next poll tries again.
    }
    setTimeout(poll, POLL_MS);
  }

  tick();
  setTimeout(poll, POLL_MS);
})();
`;
