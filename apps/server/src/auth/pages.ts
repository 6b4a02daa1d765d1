import { authTexts } from '@verzendhuis/domain/auth-texts';
import { passwordMinLength } from '@verzendhuis/domain/registration';

/** Server-rendered Dutch pages of the built-in identity provider. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const style = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f5;color:#212529}
main{max-width:400px;margin:8vh auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
.logo{font-weight:700;font-size:22px;color:#1c7ed6;margin-bottom:16px}h1{font-size:20px;margin:0 0 20px}
label{display:block;font-size:14px;font-weight:500;margin:14px 0 4px}
input{width:100%;padding:9px 10px;border:1px solid #ced4da;border-radius:4px;font-size:15px}
input[aria-invalid=true]{border-color:#fa5252}.field-error{color:#c92a2a;font-size:13px;margin-top:4px}
button{margin-top:22px;width:100%;padding:10px;border:0;border-radius:4px;background:#1864ab;color:#fff;font-size:15px;font-weight:600;cursor:pointer}
button:hover{background:#134f88}.alert{background:#fff5f5;border:1px solid #ffc9c9;color:#c92a2a;padding:10px;border-radius:4px;font-size:14px}
.note{background:#ebfbee;border:1px solid #b2f2bb;color:#1e6b30;padding:10px;border-radius:4px;font-size:14px}
p.switch{margin-top:20px;font-size:14px;text-align:center}:focus-visible{outline:2px solid #1864ab;outline-offset:2px}a{color:#1864ab}`;

/**
 * The one script of the login pages, served as a file (the CSP allows no inline script,
 * docs/security.md): the logout page posts its form itself.
 */
export const autoSubmitScriptPath = '/login-assets/auto-submit.js';
export const autoSubmitScript = 'document.forms[0].submit();\n';

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} – Verzendhuis</title><style>${style}</style></head>
<body><main><div class="logo">Verzendhuis</div>${body}</main></body></html>`;
}

type Values = Record<string, string>;
type Errors = Record<string, string[]>;

function input(name: string, label: string, type: string, values: Values, errors: Errors, extra = ''): string {
  const messages = errors[name] ?? [];
  const id = `field-${name}`;
  const value = type === 'password' ? '' : escapeHtml(values[name] ?? '');
  return `<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${name}" type="${type}" value="${value}" ${messages.length ? 'aria-invalid="true"' : ''} ${extra}>
${messages.map((m) => `<div class="field-error">${escapeHtml(m)}</div>`).join('')}`;
}

export function loginPage(options: { action: string; registerUrl: string | null; values?: Values; error?: string; notice?: string }): string {
  const values = options.values ?? {};
  return page(
    authTexts.loginTitle,
    `<h1>${authTexts.loginTitle}</h1>
${options.notice ? `<div class="note" role="status">${escapeHtml(options.notice)}</div>` : ''}
${options.error ? `<div class="alert" role="alert">${escapeHtml(options.error)}</div>` : ''}
<form method="post" action="${escapeHtml(options.action)}" autocomplete="on">
${input('email', authTexts.email, 'email', values, {}, 'autocomplete="username" required autofocus')}
${input('password', authTexts.password, 'password', values, {}, 'autocomplete="current-password" required')}
<button type="submit">${authTexts.loginButton}</button></form>
${options.registerUrl ? `<p class="switch">${authTexts.noAccount} <a href="${escapeHtml(options.registerUrl)}">${authTexts.registerLink}</a></p>` : ''}`,
  );
}

export function registerPage(options: { action: string; loginUrl: string; values?: Values; errors?: Errors; error?: string }): string {
  const values = options.values ?? {};
  const errors = options.errors ?? {};
  return page(
    authTexts.registerTitle,
    `<h1>${authTexts.registerTitle}</h1>
${options.error ? `<div class="alert" role="alert">${escapeHtml(options.error)}</div>` : ''}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${input('organisation_name', authTexts.organisationName, 'text', values, errors, 'autocomplete="organization" required autofocus')}
${input('name', authTexts.name, 'text', values, errors, 'autocomplete="name" required')}
${input('email', authTexts.email, 'email', values, errors, 'autocomplete="email" required')}
${input('password', authTexts.password, 'password', values, errors, `autocomplete="new-password" minlength="${passwordMinLength}" required`)}
${input('password_repeat', authTexts.passwordRepeat, 'password', values, errors, 'autocomplete="new-password" required')}
<button type="submit">${authTexts.registerButton}</button></form>
<p class="switch">${authTexts.haveAccount} <a href="${escapeHtml(options.loginUrl)}">${authTexts.loginLink}</a></p>`,
  );
}

export function messagePage(title: string, message: string, link?: { href: string; label: string }): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${
      link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''
    }`,
  );
}

/** The one answer to a registration (docs/auth.md): the same for a new address and a known one. */
export function checkEmailPage(email: string): string {
  return page(
    authTexts.checkEmailTitle,
    `<h1>${escapeHtml(authTexts.checkEmailTitle)}</h1><div class="note" role="status">${escapeHtml(authTexts.checkEmailSent(email))}</div><p>${escapeHtml(authTexts.checkEmailHint)}</p>`,
  );
}
