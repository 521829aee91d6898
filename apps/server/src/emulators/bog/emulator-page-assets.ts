// The card page's own script and style sheet, served from the emulator's origin (its CSP admits only 'self').

/**
 * Runs in the page. Inside an iframe it posts `{ type: 'bog-payment', event, data }` to the parent, only when the
 * parent is one of the merchant's origins (never '*'); it accepts `{ type: 'bog-payment-command', command: 'submit' }`
 * from that parent (the SDK's programmatic submit when its own button is hidden).
 */
export const PAGE_SCRIPT = `(() => {
  const body = document.body;
  const embedded = body.dataset.embedded === '1' && window.parent !== window;
  const allowed = JSON.parse(body.dataset.origins || '[]');
  function targets() {
    if (!embedded) return [];
    const ancestors = window.location.ancestorOrigins;
    if (ancestors && ancestors.length > 0) return allowed.includes(ancestors[0]) ? [ancestors[0]] : [];
    return allowed;
  }
  function emit(event, data) {
    for (const origin of targets()) window.parent.postMessage({ type: 'bog-payment', event, data }, origin);
  }
  for (const e of JSON.parse(body.dataset.emit || '[]')) emit(e.event, e.data);
  const form = document.getElementById('pay-form');
  if (!form) return;
  const invalid = form.querySelector('[aria-invalid=true]');
  if (invalid) invalid.focus();
  const orderId = body.dataset.orderId;
  const button = form.querySelector('button[type=submit]');
  const value = (name) => (form.elements.namedItem(name) ? form.elements.namedItem(name).value : null);
  function canPay() {
    const number = value('card_number');
    if (number === null) return true;
    const digits = number.replace(/[\\s-]/g, '');
    return /^\\d{12,19}$/.test(digits) && /^\\s*\\d{2}\\s*\\/?\\s*\\d{2}\\s*$/.test(value('expiry') || '') && /^\\d{3,4}$/.test((value('cvc') || '').trim());
  }
  let available = null;
  function update() {
    const next = canPay();
    if (next !== available) {
      available = next;
      emit('submit_available_changed', { orderId, canPay: next });
    }
  }
  form.addEventListener('input', update);
  update();
  let sent = false;
  form.addEventListener('submit', (event) => {
    if (sent) {
      event.preventDefault();
      return;
    }
    sent = true;
    emit('payment_begin', { orderId });
    button.setAttribute('aria-busy', 'true');
    button.textContent = body.dataset.processing;
  });
  window.addEventListener('message', (event) => {
    if (!embedded || event.source !== window.parent || !allowed.includes(event.origin)) return;
    const m = event.data;
    if (m && m.type === 'bog-payment-command' && m.command === 'submit') form.requestSubmit();
  });
})();
`;

export const PAGE_STYLE = `:root{color-scheme:light;--bg:#f3f5f8;--panel:#fff;--text:#101828;--muted:#475467;--line:#d0d5dd;--accent:#e35205;--button:#0b4f9c;--button-hover:#093f7c;--error:#b42318;--ok:#067647}
.theme-dark{color-scheme:dark;--bg:#0c111d;--panel:#161b26;--text:#f5f5f6;--muted:#cecfd2;--line:#475467;--button:#2e90fa;--button-hover:#1570ef;--error:#fda29b;--ok:#75e0a7}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Georgian",sans-serif}
body.embedded{background:var(--panel)}
.panel{max-width:440px;margin:32px auto;padding:24px;background:var(--panel);border:1px solid var(--line);border-radius:16px}
.embedded .panel{margin:0 auto;border:0;border-radius:0}
@media (max-width:480px){.panel{margin:0;border-width:0 0 1px;border-radius:0;padding:20px 16px}}
.brand{display:flex;align-items:center;gap:8px;font-weight:600;margin-bottom:16px}
.logo{display:inline-grid;place-items:center;width:28px;height:28px;border-radius:8px;background:var(--accent);color:#fff;font-weight:700}
.tag{margin-left:auto;font-size:12px;font-weight:600;padding:2px 8px;border-radius:999px;border:1px solid var(--line);color:var(--muted)}
h1{font-size:20px;margin:0 0 8px}
.amount{display:flex;justify-content:space-between;padding:12px 0;margin:0 0 16px;border-bottom:1px solid var(--line);color:var(--muted)}
.amount strong{color:var(--text);font-size:18px}
.field{display:flex;flex-direction:column;gap:4px;margin-bottom:14px;flex:1}
.row{display:flex;gap:12px}
label{font-weight:600;font-size:14px}
input{font:inherit;padding:10px 12px;border:1px solid var(--line);border-radius:10px;background:var(--panel);color:var(--text);width:100%}
input:focus{outline:3px solid color-mix(in srgb,var(--button) 35%,transparent);border-color:var(--button)}
input[aria-invalid=true]{border-color:var(--error)}
.error{margin:0;color:var(--error);font-size:14px}
.alert{margin:0 0 12px;padding:10px 12px;border-radius:10px;border:1px solid var(--error);color:var(--error)}
button{font:inherit;font-weight:600;padding:12px 16px;border-radius:10px;border:1px solid transparent;cursor:pointer;width:100%}
button:focus-visible,a:focus-visible,summary:focus-visible{outline:3px solid color-mix(in srgb,var(--button) 45%,transparent);outline-offset:2px}
.primary{background:var(--button);color:#fff}
.primary:hover{background:var(--button-hover)}
.secondary{background:transparent;color:var(--text);border-color:var(--line)}
.actions{display:flex;flex-direction:column;gap:10px;margin-top:16px}
.actions form{margin:0}
.saved{padding:12px;border:1px solid var(--line);border-radius:10px}
.result.ok h1{color:var(--ok)}
.result.bad h1{color:var(--error)}
.back{color:var(--button);font-weight:600}
.cards{margin-top:16px;font-size:14px;color:var(--muted)}
.cards summary{cursor:pointer;font-weight:600;color:var(--text)}
.cards ul{padding-left:18px}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;color:var(--text)}
.note{margin:16px 0 0;font-size:13px;color:var(--muted)}
`;
