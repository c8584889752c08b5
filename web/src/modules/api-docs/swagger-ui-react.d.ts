// swagger-ui-react ships no types: the props this app uses.
declare module 'swagger-ui-react' {
  import type { ComponentType } from 'react';

  export type SwaggerSystem = {
    preauthorizeApiKey: (scheme: string, value: string) => void;
    authActions: { logout: (schemes: string[]) => void };
  };
  type Props = {
    spec?: object;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    defaultModelExpandDepth?: number;
    tryItOutEnabled?: boolean;
    displayRequestDuration?: boolean;
    persistAuthorization?: boolean;
    deepLinking?: boolean;
    queryConfigEnabled?: boolean;
    filter?: boolean | string;
    showExtensions?: boolean;
    requestSnippetsEnabled?: boolean;
    plugins?: (() => { afterLoad?: (system: SwaggerSystem) => void })[];
  };
  const SwaggerUI: ComponentType<Props>;
  export default SwaggerUI;
}
