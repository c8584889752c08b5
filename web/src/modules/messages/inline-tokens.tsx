import type { InlineToken } from '@zapdesk/core';
import { Fragment, type ReactNode } from 'react';

/** core's renderer tokens → React elements. Text is always a text node: nothing is ever parsed as HTML. */
export function InlineTokens({ tokens }: { tokens: InlineToken[] }): ReactNode {
  return tokens.map((tok, i) => {
    const key = i;
    switch (tok.type) {
      case 'text':
        return <Fragment key={key}>{tok.text}</Fragment>;
      case 'lineBreak':
        return <br key={key} />;
      case 'bold':
        return (
          <strong key={key}>
            <InlineTokens tokens={tok.children} />
          </strong>
        );
      case 'italic':
        return (
          <em key={key}>
            <InlineTokens tokens={tok.children} />
          </em>
        );
      case 'strike':
        return (
          <s key={key}>
            <InlineTokens tokens={tok.children} />
          </s>
        );
      case 'underline':
        return (
          <u key={key}>
            <InlineTokens tokens={tok.children} />
          </u>
        );
      case 'link':
        return (
          <a key={key} href={tok.href} target={tok.target} rel={tok.rel} className="link link-info break-all">
            {tok.text}
          </a>
        );
      default:
        return null;
    }
  });
}
