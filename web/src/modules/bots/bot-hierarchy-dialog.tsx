import { Trans, useLingui } from '@lingui/react/macro';
import { type BotCommandDto, buildCommandTree, type CommandTreeNode, hierarchyTypeName } from '@zapdesk/core';
import { Modal } from '../../ui/modal';
import { useCommandTypeLabel } from './command-labels';

/**
 * The hierarchy view (spec 2 §2 Bot commands list): a tree from a root titled 'chatbot' and named 'Início'; each
 * node shows its title (command code plus type) and its description; the attendant type also shows the user's name;
 * a type other than 1, 2, 3, 4, 5, 7 shows 'Erro'.
 */
export function BotHierarchyDialog({ commands, onClose }: { commands: BotCommandDto[]; onClose: () => void }) {
  const tree = buildCommandTree(commands);
  return (
    <Modal open onClose={onClose} title={<Trans>Hierarquia do bot</Trans>} size="lg" testId="bot-hierarchy-dialog">
      <div className="overflow-auto">
        <ul className="menu w-full p-0" data-testid="bot-hierarchy">
          <li>
            <div className="flex flex-col items-start gap-0 rounded-box bg-base-200" data-testid="bot-hierarchy-root">
              <span className="text-xs uppercase tracking-wide text-base-content/60">chatbot</span>
              <span className="font-semibold">
                <Trans>Início</Trans>
              </span>
            </div>
            {tree.length ? (
              <ul>
                {tree.map((n) => (
                  <Node key={n.path} node={n} />
                ))}
              </ul>
            ) : null}
          </li>
        </ul>
      </div>
    </Modal>
  );
}

function Node({ node }: { node: CommandTreeNode<BotCommandDto> }) {
  const { t } = useLingui();
  const label = useCommandTypeLabel();
  const c = node.command;
  const known = hierarchyTypeName(c.commandType) !== 'Erro';
  const type = known ? label(c.commandType) : t`Erro`;
  return (
    <li>
      <div
        className="flex flex-col items-start gap-0"
        data-testid="bot-hierarchy-node"
        data-path={c.commandBot}
        data-type={c.commandType}
      >
        <span className={`font-medium ${known ? '' : 'text-error'}`} data-testid="bot-hierarchy-title">
          {c.commandBot} - {type}
        </span>
        {c.descriptionBot ? <span className="text-sm text-base-content/70">{c.descriptionBot}</span> : null}
        {c.commandType === 4 && c.user ? (
          <span className="text-xs text-base-content/60" data-testid="bot-hierarchy-user">
            {c.user.name}
          </span>
        ) : null}
      </div>
      {node.children.length ? (
        <ul>
          {node.children.map((n) => (
            <Node key={n.path} node={n} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
