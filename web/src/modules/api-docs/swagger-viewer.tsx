import SwaggerUI, { type SwaggerSystem } from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import './swagger-viewer.css';
import { useEffect, useMemo, useRef } from 'react';

/**
 * Swagger UI (bundled, no CDN: its scripts and CSS come in this lazily loaded chunk; it uses the system fonts) over
 * an OpenAPI document already fetched. Try-it calls the document's server (the API's real URL). `auth` is applied
 * to the security scheme each time it changes (the page's "use this token").
 */
export default function SwaggerViewer({
  spec,
  auth,
}: {
  spec: object;
  auth: { scheme: string; token: string } | null;
}) {
  const system = useRef<SwaggerSystem | null>(null);
  const plugins = useMemo(
    () => [
      () => ({
        afterLoad(s: SwaggerSystem) {
          system.current = s;
        },
      }),
    ],
    [],
  );

  useEffect(() => {
    // the system exists once Swagger UI mounted; apply the token (again) whenever it changes
    let tries = 0;
    const apply = () => {
      const s = system.current;
      if (!s) {
        if (tries++ < 50) timer = setTimeout(apply, 100);
        return;
      }
      if (auth?.token) s.preauthorizeApiKey(auth.scheme, auth.token);
    };
    let timer = setTimeout(apply, 0);
    return () => clearTimeout(timer);
  }, [auth]);

  return (
    <div className="zd-swagger" data-testid="api-docs-viewer">
      <SwaggerUI
        spec={spec}
        plugins={plugins}
        docExpansion="list"
        defaultModelsExpandDepth={-1}
        defaultModelExpandDepth={3}
        tryItOutEnabled
        displayRequestDuration
        persistAuthorization={false}
        deepLinking={false}
        queryConfigEnabled={false}
        filter
      />
    </div>
  );
}
