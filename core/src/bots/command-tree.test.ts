import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  buildCommandTree,
  checkCommandPath,
  childrenOf,
  commandPathReason,
  commandTreeProblems,
  compareCommandPaths,
  deleteFromTree,
  isCommandPath,
  optionNumber,
  parentPath,
  previousSibling,
} from './command-tree';

describe('book-index paths', () => {
  test('format: positive integers joined by dots, no leading zeros, no empty segments', () => {
    for (const ok of ['1', '2', '1.1', '1.2.3', '10.1', '12']) expect(isCommandPath(ok)).toBe(true);
    for (const bad of ['', '0', '01', '1.', '.1', '1..2', 'a', '1.a', '1.0', '-1', '1 .2', '1,2'])
      expect(isCommandPath(bad)).toBe(false);
  });

  test('parent, previous sibling and option number', () => {
    expect(parentPath('1')).toBe('');
    expect(parentPath('1.2.3')).toBe('1.2');
    expect(previousSibling('1')).toBeNull();
    expect(previousSibling('2')).toBe('1');
    expect(previousSibling('1.3')).toBe('1.2');
    expect(previousSibling('1.1')).toBeNull();
    expect(optionNumber('1.2')).toBe('2');
    expect(optionNumber('3')).toBe('3');
  });

  test('book order: numeric by segment, parents first', () => {
    const paths = ['2', '10', '1.10', '1.2', '1', '1.1.1', '1.1'];
    expect([...paths].sort(compareCommandPaths)).toEqual(['1', '1.1', '1.1.1', '1.2', '1.10', '2', '10']);
  });

  test('the spec example 1, 1.1, 1.2, 2, 2.1 is a valid tree', () => {
    expect(commandTreeProblems(['1', '1.1', '1.2', '2', '2.1'])).toEqual([]);
  });

  test('a child needs its parent; no gaps; no duplicates', () => {
    expect(checkCommandPath('1.1', [])).toBe('Crie o comando 1 antes de 1.1');
    expect(checkCommandPath('2', [])).toBe('Numeração com lacuna: crie o comando 1 antes de 2');
    expect(checkCommandPath('1.3', ['1', '1.1'])).toBe('Numeração com lacuna: crie o comando 1.2 antes de 1.3');
    expect(checkCommandPath('1', ['1'])).toBe('O comando 1 já existe');
    expect(checkCommandPath('x', [])).toBe('Use a numeração de índice: 1, 1.1, 1.2, 2…');
    expect(checkCommandPath('1', [])).toBeNull();
    expect(checkCommandPath('1.2', ['1', '1.1'])).toBeNull();
  });

  test('an edit: a command with subcommands keeps its path; a move may not leave a gap', () => {
    // 1 has 1.1: renumbering 1 is refused
    expect(checkCommandPath('3', ['1.1', '2'], '1')).toContain('subcomandos');
    // moving 1 (with 2 after it) to 3 leaves a gap at 1
    expect(checkCommandPath('3', ['2'], '1')).not.toBeNull();
    // moving the last one is fine
    expect(checkCommandPath('2', ['1'], '3')).toBeNull();
    expect(checkCommandPath('1', ['1'], '2')).toBe('O comando 1 já existe');
    expect(checkCommandPath('3', ['1', '2'], '3')).toBeNull();
  });

  test('delete: the subtree goes, later siblings move up', () => {
    const r = deleteFromTree(['1', '1.1', '1.2', '1.2.1', '1.3', '1.3.1', '2'], '1.2');
    expect(r.removed).toEqual(['1.2', '1.2.1']);
    expect(r.renamed).toEqual([
      { from: '1.3', to: '1.2' },
      { from: '1.3.1', to: '1.2.1' },
    ]);
  });

  test('tree building: book order, orphans hang from the root', () => {
    const tree = buildCommandTree(['2', '1.1', '1', '2.1', '1.2', '5.1'].map((commandBot) => ({ commandBot })));
    expect(tree.map((n) => n.path)).toEqual(['1', '2', '5.1']);
    expect(tree[0]?.children.map((n) => n.path)).toEqual(['1.1', '1.2']);
    expect(tree[1]?.children.map((n) => n.path)).toEqual(['2.1']);
    expect(
      childrenOf(
        ['1', '1.1', '2'].map((commandBot) => ({ commandBot })),
        '',
      ).map((c) => c.commandBot),
    ).toEqual(['1', '2']);
  });
});

/** a random valid tree, grown by the rule (each new node: a next sibling or a first child of an existing node) */
const validTree = fc.array(fc.nat(50), { minLength: 1, maxLength: 25 }).map((picks) => {
  const paths = ['1'];
  for (const pick of picks) {
    const base = paths[pick % paths.length] as string;
    const firstChild = `${base}.1`;
    const nums = base.split('.').map(Number);
    nums[nums.length - 1] = (nums[nums.length - 1] as number) + 1;
    const sibling = nums.join('.');
    const next = pick % 2 === 0 && base.split('.').length < 5 ? firstChild : sibling;
    if (!paths.includes(next) && checkCommandPath(next, paths) === null) paths.push(next);
  }
  return paths;
});

describe('properties', () => {
  test('a tree grown by the rule is valid, and every node is reachable from the root', () => {
    fc.assert(
      fc.property(validTree, (paths) => {
        expect(commandTreeProblems(paths)).toEqual([]);
        const tree = buildCommandTree(paths.map((commandBot) => ({ commandBot })));
        let count = 0;
        const walk = (nodes: typeof tree) => {
          for (const n of nodes) {
            count++;
            walk(n.children);
          }
        };
        walk(tree);
        expect(count).toBe(paths.length);
        // every root is top-level: no orphans in a valid tree
        expect(tree.every((n) => !n.path.includes('.'))).toBe(true);
      }),
    );
  });

  test('deleting any node of a valid tree leaves a valid tree', () => {
    fc.assert(
      fc.property(validTree, fc.nat(), (paths, i) => {
        const target = paths[i % paths.length] as string;
        const { removed, renamed } = deleteFromTree(paths, target);
        const map = new Map(renamed.map((r) => [r.from, r.to]));
        const after = paths.filter((p) => !removed.includes(p)).map((p) => map.get(p) ?? p);
        expect(commandTreeProblems(after)).toEqual([]);
        expect(after.length).toBe(paths.length - removed.length);
      }),
    );
  });

  test('removing a node that has a later sibling or children always breaks the tree (the reason delete renumbers)', () => {
    fc.assert(
      fc.property(validTree, fc.nat(), (paths, i) => {
        const target = paths[i % paths.length] as string;
        const rest = paths.filter((p) => p !== target);
        const hasDependants = rest.some((p) => parentPath(p) === target || previousSibling(p) === target);
        expect(commandTreeProblems(rest).length > 0).toBe(hasDependants);
      }),
    );
  });
});

describe('commandPathReason: the refusal as a code and parameters (translated by the web)', () => {
  test('each refusal names its code and the paths involved; the text is the same as checkCommandPath', () => {
    expect(commandPathReason('1.1', [])).toEqual({
      code: 'commandPath.missingParent',
      params: { path: '1.1', parent: '1' },
    });
    expect(commandPathReason('1.3', ['1', '1.1'])).toEqual({
      code: 'commandPath.gap',
      params: { path: '1.3', previous: '1.2' },
    });
    expect(commandPathReason('1', ['1'])).toEqual({ code: 'commandPath.duplicate', params: { path: '1' } });
    expect(commandPathReason('x', [])).toEqual({ code: 'commandPath.format', params: {} });
    expect(commandPathReason('3', ['1.1', '2'], '1')).toEqual({
      code: 'commandPath.hasChildren',
      params: { path: '1' },
    });
    expect(commandPathReason('1.2', ['1', '1.1'])).toBeNull();
  });
});
