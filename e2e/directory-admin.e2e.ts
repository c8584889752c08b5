import { expect, type Page, test } from '@playwright/test';
import { ADMIN, AGENT, login, MOBILE, openUserMenuItem, shot, toast } from './support';

/**
 * Users, permission groups, queues, quick answers and tags (spec 1 §2/§3/§5, spec 2 §2/§5/§9) as the demo admin
 * (master, Administradores) and the demo attendant (Operacionais, queue Suporte).
 */
const uid = () => `${Date.now() % 1_000_000}`;

/** Narrow-screen screenshot, once the permanent drawer has finished turning into the temporary one. */
async function mobileShot(page: Page, name: string): Promise<void> {
  await page.setViewportSize(MOBILE);
  await expect(page.getByTestId('app-drawer')).not.toBeInViewport();
  await page.waitForTimeout(400);
  await shot(page, name);
}

async function switchLanguage(page: Page, locale: 'en' | 'es' | 'pt-BR'): Promise<void> {
  await openUserMenuItem(page, 'preferences');
  await page.getByTestId('preferences-language').selectOption(locale);
  await Promise.all([page.waitForEvent('load'), page.getByTestId('preferences-apply').click()]);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

test.describe('queues', () => {
  test('/queues/new opens the dialog; a colour already used is refused with the translated error; save reloads; delete confirms', async ({
    page,
  }) => {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/queues/new');
    const dialog = page.getByTestId('queue-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('queue-color')).toHaveCount(50);

    await dialog.getByTestId('queue-save').click();
    await expect(dialog.getByTestId('queue-name-error')).toHaveText('Required');
    await expect(dialog.getByTestId('queue-color-error')).toHaveText('Required');

    const name = `Fila VIP ${uid()}`;
    await dialog.getByTestId('queue-name').fill(name);
    await dialog.getByTestId('queue-greeting').fill('Bem-vindo ao atendimento VIP!');
    // the demo's Suporte is orange #E67E22: the palette marks it as used, the server refuses it
    const used = dialog.locator('[data-testid="queue-color"][data-color="#E67E22"]');
    await expect(used).toHaveAttribute('data-used', 'true');
    await used.click();
    await dialog.getByTestId('queue-save').click();
    await expect(toast(page, 'Esta cor já está em uso, escolha outra.')).toBeVisible();
    await expect(dialog.getByTestId('queue-color-error')).toHaveText('Esta cor já está em uso, escolha outra.');
    await shot(page, 'queues-color-taken-desktop');

    const free = dialog.locator('[data-testid="queue-color"][data-used="false"]').first();
    const freeColor = await free.getAttribute('data-color');
    await free.click();
    await expect(dialog.getByTestId('queue-color-value')).toHaveText(freeColor ?? '');
    // spec 2 §9: the page reloads 2 s after the save
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await dialog.getByTestId('queue-save').click();
    await expect(toast(page, 'Queue saved successfully')).toBeVisible();
    await reloaded;
    await expect(page).toHaveURL(/\/queues$/);
    const row = page.locator(`[data-testid="queue-row"][data-name="${name}"]`);
    await expect(row).toBeVisible();
    await expect(page.getByTestId('queue-dialog')).toHaveCount(0);
    await shot(page, 'queues-desktop');
    await mobileShot(page, 'queues-mobile');

    await row.getByTestId('queue-delete').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText(name);
    await page.getByTestId('confirm-dialog-confirm').click();
    await expect(toast(page, 'Queue deleted successfully!')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});

test.describe('quick answers', () => {
  test('create with validation, search, edit and delete (confirmed)', async ({ page }) => {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/quickAnswers');
    await expect(page.getByTestId('quick-answers-page')).toBeVisible();

    await page.getByTestId('quick-answer-add').click();
    const dialog = page.getByTestId('quick-answer-dialog');
    await dialog.getByTestId('quick-answer-save').click();
    await expect(dialog.getByTestId('quick-answer-shortcut-error')).toHaveText('Required');
    await expect(dialog.getByTestId('quick-answer-message-error')).toHaveText('Required');
    await dialog.getByTestId('quick-answer-shortcut').fill('a');
    await dialog.getByTestId('quick-answer-message').fill('curta');
    await dialog.getByTestId('quick-answer-save').click();
    await expect(dialog.getByTestId('quick-answer-shortcut-error')).toHaveText('Too Short!');
    await expect(dialog.getByTestId('quick-answer-message-error')).toHaveText('Too Short!');
    await dialog.getByTestId('quick-answer-shortcut').fill('a'.repeat(16));
    await dialog.getByTestId('quick-answer-save').click();
    await expect(dialog.getByTestId('quick-answer-shortcut-error')).toHaveText('Too Long!');

    const shortcut = `ola${uid()}`;
    await dialog.getByTestId('quick-answer-shortcut').fill(shortcut);
    await dialog.getByTestId('quick-answer-message').fill('Olá! Como posso ajudar você hoje?');
    await dialog.getByTestId('quick-answer-save').click();
    await expect(toast(page, 'Salvo com sucesso')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const row = page.locator(`[data-testid="quick-answer-row"][data-shortcut="${shortcut}"]`);
    await expect(row).toContainText('Olá! Como posso ajudar você hoje?');

    // a second one, then search narrows the list to the first
    await page.getByTestId('quick-answer-add').click();
    await dialog.getByTestId('quick-answer-shortcut').fill(`tchau${uid()}`);
    await dialog.getByTestId('quick-answer-message').fill('Obrigado pelo contato, até logo!');
    await dialog.getByTestId('quick-answer-save').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('quick-answer-row')).toHaveCount(2);
    await page.getByTestId('quick-answers-search').fill(shortcut);
    await expect(page.getByTestId('quick-answer-row')).toHaveCount(1);
    await expect(row).toBeVisible();
    await shot(page, 'quick-answers-desktop');

    await row.getByTestId('quick-answer-edit').click();
    await expect(dialog.getByTestId('quick-answer-shortcut')).toHaveValue(shortcut);
    await dialog.getByTestId('quick-answer-message').fill('Olá! Em que posso ajudar?');
    await dialog.getByTestId('quick-answer-save').click();
    await expect(row).toContainText('Olá! Em que posso ajudar?');

    await row.getByTestId('quick-answer-delete').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await expect(toast(page, 'Resposta rápida excluída')).toBeVisible();
    await expect(row).toHaveCount(0);

    await page.getByTestId('quick-answers-search').fill('');
    await expect(page.getByTestId('quick-answer-row')).toHaveCount(1);
    await mobileShot(page, 'quick-answers-mobile');
  });

  test('the attendant manages quick answers too', async ({ page }) => {
    await login(page, AGENT.email, AGENT.password);
    await page.goto('/quickAnswers');
    await expect(page.getByTestId('quick-answers-page')).toBeVisible();
    await expect(page.getByTestId('quick-answer-add')).toBeVisible();
  });
});

test.describe('tags', () => {
  test('create a tag (name rules of spec 2 §5) with colour and kanban; it lists with its ticket count', async ({
    page,
  }) => {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/tags');
    await page.getByTestId('tag-add').click();
    const dialog = page.getByTestId('tag-dialog');
    await dialog.getByTestId('tag-save').click();
    await expect(dialog.getByTestId('tag-name-error')).toHaveText('Obrigatório');
    await dialog.getByTestId('tag-name').fill('ab');
    await dialog.getByTestId('tag-save').click();
    await expect(dialog.getByTestId('tag-name-error')).toHaveText('Mensagem muito curta');

    const name = `Urgente ${uid()}`;
    await dialog.getByTestId('tag-name').fill(name);
    await dialog.getByTestId('tag-color-swatch').nth(4).click();
    await dialog.getByTestId('tag-kanban').check();
    await dialog.getByTestId('tag-save').click();
    await expect(toast(page, 'Tag salva com sucesso')).toBeVisible();
    const row = page.locator(`[data-testid="tag-row"][data-name="${name}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('tag-tickets-count')).toHaveText('0');
    await expect(row).toContainText('Sim');

    // the same name again is refused with the translated text
    await page.getByTestId('tag-add').click();
    await dialog.getByTestId('tag-name').fill(name);
    await dialog.getByTestId('tag-save').click();
    await expect(dialog.getByTestId('tag-name-error')).toHaveText('Já existe um registro com este nome.');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByTestId('tags-search').fill(name);
    await expect(page.getByTestId('tag-row')).toHaveCount(1);
    await shot(page, 'tags-desktop');
    await mobileShot(page, 'tags-mobile');
  });
});

test.describe('users and permission groups', () => {
  test('create a permission group (spec 1 §9 defaults) and assign it to a user', async ({ page }) => {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/users');
    await page.getByTestId('users-groups-link').click();
    await expect(page).toHaveURL(/\/UserAuthorizations$/);
    await expect(page.getByTestId('groups-page')).toBeVisible();

    await page.getByTestId('group-add').click();
    const dialog = page.getByTestId('group-dialog');
    await expect(dialog.getByTestId('group-flag-allowNoQueue')).toBeChecked();
    await expect(dialog.getByTestId('group-flag-allowMultipleTickets')).not.toBeChecked();
    await expect(dialog.getByTestId('group-flag-enableAdministration')).toBeChecked();
    await expect(dialog.getByTestId('group-flag-enableDash')).toBeChecked();
    await dialog.getByTestId('group-name').fill('S');
    await dialog.getByTestId('group-save').click();
    await expect(dialog.getByTestId('group-name-error')).toHaveText('Too Short!');

    const group = `Supervisores ${uid()}`;
    await dialog.getByTestId('group-name').fill(group);
    await dialog.getByTestId('group-flag-allowTicketExport').check();
    await dialog.getByTestId('group-view-messages').selectOption('2');
    await shot(page, 'group-dialog-desktop');
    await dialog.getByTestId('group-save').click();
    await expect(toast(page, 'Salvo com sucesso')).toBeVisible();
    const groupRow = page.locator(`[data-testid="group-row"][data-name="${group}"]`);
    await expect(groupRow).toBeVisible();
    await shot(page, 'groups-desktop');

    // reopening shows what was saved
    await groupRow.getByTestId('group-edit').click();
    await expect(dialog.getByTestId('group-flag-allowTicketExport')).toBeChecked();
    await expect(dialog.getByTestId('group-view-messages')).toHaveValue('2');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByTestId('groups-back').click();
    await expect(page).toHaveURL(/\/users$/);
    const agentRow = page.locator(`[data-testid="user-row"][data-email="${AGENT.email}"]`);
    await agentRow.getByTestId('user-edit').click();
    const modal = page.getByTestId('user-modal');
    await expect(modal.getByTestId('user-email')).toHaveValue(AGENT.email);
    await modal.getByTestId('user-group').selectOption({ label: group });
    await modal.getByTestId('user-save').click();
    // the group's own 'Salvo com sucesso' (3 s) may still be on screen on a fast machine
    await expect(toast(page, 'Salvo com sucesso')).toBeVisible();
    await expect(agentRow.getByTestId('user-group-cell')).toHaveText(group);

    // deleting the group confirms first and leaves its members without a group
    await page.goto('/UserAuthorizations');
    await groupRow.getByTestId('group-delete').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancelar' }).click();
    await expect(groupRow).toBeVisible();
  });

  test('create a user: field rules, the save warnings of spec 1 §5, then delete (confirmed)', async ({ page }) => {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/users');
    await expect(page.getByTestId('users-page')).toBeVisible();
    await shot(page, 'users-desktop');

    await page.getByTestId('user-add').click();
    const modal = page.getByTestId('user-modal');
    // the demo admin is master and has payPanelAccess: both fields are offered
    await expect(modal.getByTestId('user-master')).toBeVisible();
    await expect(modal.getByTestId('user-pay-panel')).toBeVisible();
    await modal.getByTestId('user-save').click();
    await expect(modal.getByTestId('user-name-error')).toHaveText('Required');
    await expect(modal.getByTestId('user-email-error')).toHaveText('Required');
    await expect(modal.getByTestId('user-password-error')).toHaveText('Required');

    const email = `maria-${uid()}@demo.local`;
    await modal.getByTestId('user-name').fill('Maria Teste');
    await modal.getByTestId('user-email').fill('maria');
    await modal.getByTestId('user-password').fill('abc');
    await modal.getByTestId('user-save').click();
    await expect(modal.getByTestId('user-email-error')).toHaveText('Invalid email');
    await expect(modal.getByTestId('user-password-error')).toHaveText('Too Short!');

    await modal.getByTestId('user-email').fill(email);
    await modal.getByTestId('user-password').fill('segredo1');
    await expect(modal).toContainText('Defina o grupo de permissões');
    await shot(page, 'user-modal-desktop');
    await mobileShot(page, 'user-modal-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });
    await modal.getByTestId('user-save').click();
    await expect(toast(page, 'Salvo com sucesso')).toBeVisible();
    await expect(toast(page, 'Defina o grupo de permissões')).toBeVisible();
    await expect(toast(page, 'Nenhum setor padrão foi definido para este usuário')).toBeVisible();
    const row = page.locator(`[data-testid="user-row"][data-email="${email}"]`);
    await expect(row).toBeVisible();

    // the same e-mail again is refused
    await page.getByTestId('user-add').click();
    await modal.getByTestId('user-name').fill('Outra Maria');
    await modal.getByTestId('user-email').fill(email);
    await modal.getByTestId('user-password').fill('segredo1');
    await modal.getByTestId('user-save').click();
    await expect(modal.getByTestId('user-email-error')).toHaveText('Já existe um usuário com este e-mail.');
    await modal.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByTestId('users-search').fill('Maria Teste');
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await row.getByTestId('user-delete').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText('Maria Teste');
    await page.getByTestId('confirm-dialog-confirm').click();
    await expect(toast(page, 'Usuário excluído')).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByTestId('users-search').fill('');
    await mobileShot(page, 'users-mobile');
  });

  test('a company on the standard plan (1 attendant) is refused a second user: ERR_NO_LIMIT_USER, translated', async ({
    page,
  }) => {
    await page.goto('/signup');
    await page.getByTestId('signup-name').fill('Dona Limite');
    await page.getByTestId('signup-email').fill(`limite-${uid()}@cliente.local`);
    await page.getByTestId('signup-password').fill('segredo123');
    await page.getByTestId('signup-submit').click();
    await expect(page).toHaveURL(/\/tickets$/);
    await page.goto('/users');
    await page.getByTestId('user-add').click();
    const modal = page.getByTestId('user-modal');
    await modal.getByTestId('user-name').fill('Segundo Atendente');
    await modal.getByTestId('user-email').fill(`segundo-${uid()}@cliente.local`);
    await modal.getByTestId('user-password').fill('segredo1');
    await modal.getByTestId('user-save').click();
    await expect(toast(page, 'Limite de usuários do plano atingido.')).toBeVisible();
    await expect(modal).toBeVisible();
  });

  test('an attendant opening the admin screens gets an honest "sem permissão" state', async ({ page }) => {
    await login(page, AGENT.email, AGENT.password);
    for (const path of ['/users', '/UserAuthorizations', '/queues', '/queues/new', '/tags']) {
      await page.goto(path);
      await expect(page.getByTestId('no-permission')).toBeVisible();
      await expect(page.getByTestId('no-permission')).toContainText('Sem permissão');
    }
    await shot(page, 'no-permission-desktop');
    await page.getByRole('link', { name: 'Ir para os tickets' }).click();
    await expect(page).toHaveURL(/\/tickets$/);
  });
});

/** Known pt-BR texts of each screen (and of its dialog) and what they read in English and Spanish. */
const SCREENS: {
  path: string;
  ready: string;
  open?: string;
  dialog?: string;
  texts: { pt: string; en: string; es: string }[];
}[] = [
  {
    path: '/users',
    ready: 'users-page',
    open: 'user-add',
    dialog: 'user-modal',
    texts: [
      { pt: 'Adicionar usuário', en: 'Add user', es: 'Agregar usuario' },
      { pt: 'Grupos de permissões', en: 'Permission groups', es: 'Grupos de permisos' },
      {
        pt: 'Atendentes e administradores da empresa',
        en: "The company's attendants and administrators",
        es: 'Agentes y administradores de la empresa',
      },
      { pt: 'Ações', en: 'Actions', es: 'Acciones' },
      { pt: 'Dados de acesso', en: 'Login details', es: 'Datos de acceso' },
      { pt: 'Conexão padrão', en: 'Default connection', es: 'Conexión predeterminada' },
      { pt: 'Saudação e assinatura', en: 'Greeting and signature', es: 'Saludo y firma' },
      { pt: 'Defina o grupo de permissões', en: 'Set the permission group', es: 'Define el grupo de permisos' },
    ],
  },
  {
    path: '/UserAuthorizations',
    ready: 'groups-page',
    open: 'group-add',
    dialog: 'group-dialog',
    texts: [
      { pt: 'Adicionar grupo', en: 'Add group', es: 'Agregar grupo' },
      {
        pt: 'O que cada grupo de usuários pode ver e fazer',
        en: 'What each group of users may see and do',
        es: 'Lo que cada grupo de usuarios puede ver y hacer',
      },
      { pt: 'Menu de administração', en: 'Administration menu', es: 'Menú de administración' },
      { pt: 'Visualização de mensagens', en: 'Message view', es: 'Visualización de mensajes' },
      { pt: 'Vários tickets por contato', en: 'Several tickets per contact', es: 'Varios tickets por contacto' },
    ],
  },
  {
    path: '/queues',
    ready: 'queues-page',
    open: 'queue-add',
    dialog: 'queue-dialog',
    texts: [
      { pt: 'Adicionar fila', en: 'Add queue', es: 'Agregar cola' },
      {
        pt: 'Setores que organizam o atendimento',
        en: 'Departments that organise your service',
        es: 'Sectores que organizan la atención',
      },
      { pt: 'Mensagem de saudação', en: 'Greeting message', es: 'Mensaje de saludo' },
      {
        pt: 'Cada fila usa uma cor diferente.',
        en: 'Each queue uses a different colour.',
        es: 'Cada cola usa un color diferente.',
      },
    ],
  },
  {
    path: '/quickAnswers',
    ready: 'quick-answers-page',
    open: 'quick-answer-add',
    dialog: 'quick-answer-dialog',
    texts: [
      { pt: 'Respostas Rápidas', en: 'Quick Answers', es: 'Respuestas Rápidas' },
      { pt: 'Atalho', en: 'Shortcut', es: 'Atajo' },
      { pt: 'Adicionar resposta rápida', en: 'Add quick answer', es: 'Agregar respuesta rápida' },
      {
        pt: 'No chat, digite / e o atalho para usar esta resposta.',
        en: 'In the chat, type / and the shortcut to use this answer.',
        es: 'En el chat, escribe / y el atajo para usar esta respuesta.',
      },
    ],
  },
  {
    path: '/tags',
    ready: 'tags-page',
    open: 'tag-add',
    dialog: 'tag-dialog',
    texts: [
      { pt: 'Adicionar tag', en: 'Add tag', es: 'Agregar etiqueta' },
      {
        pt: 'Etiquetas para classificar os tickets',
        en: 'Labels to classify tickets',
        es: 'Etiquetas para clasificar los tickets',
      },
      { pt: 'Exibir no Kanban', en: 'Show on the Kanban board', es: 'Mostrar en el Kanban' },
    ],
  },
];

test.describe('languages', () => {
  for (const locale of ['en', 'es'] as const) {
    test(`switching the UI to ${locale} translates these screens (no pt-BR text left on them)`, async ({ page }) => {
      await login(page, ADMIN.email, ADMIN.password);
      await switchLanguage(page, locale);
      for (const screen of SCREENS) {
        await page.goto(screen.path);
        await expect(page.getByTestId(screen.ready)).toBeVisible();
        if (screen.open && screen.dialog) {
          await page.getByTestId(screen.open).click();
          await expect(page.getByTestId(screen.dialog)).toBeVisible();
        }
        // the page and its open dialog
        const text = (await page.getByTestId('page-content').textContent()) ?? '';
        for (const s of screen.texts) {
          expect(text, `${screen.path}: "${s[locale]}"`).toContain(s[locale]);
          if (s.pt !== s[locale]) expect(text, `${screen.path}: pt-BR "${s.pt}" left`).not.toContain(s.pt);
        }
        await shot(page, `${screen.ready}-${locale}`);
      }
    });
  }
});
