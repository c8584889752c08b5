import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ThemeName } from './themes';

export const THEME_LABELS: Record<ThemeName, MessageDescriptor> = {
  defaultTheme: msg`Padrão`,
  floresta: msg`Floresta`,
  frutasvermelhas: msg`Frutas Vermelhas`,
  noturnoorange: msg`Noturno Orange`,
  ceuazul: msg`Céu Azul`,
  dracula: msg`Drácula`,
  claro: msg`Claro`,
};
