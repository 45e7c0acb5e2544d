// The layer rule, one ESLint rule for the server and the console (table in eslint.layers.js).
//
// Every file belongs to a unit: a top-level folder of its source root, or a top-level file. The
// units are listed in rows, from the top of the architecture to the bottom. A file may import
// from its own unit, and from units in rows below its own; nothing else — deny by default:
//   - a unit not in the table is an error (a new top-level folder must be placed);
//   - two units in one row may not import each other, so folder cycles cannot form (a row marked
//     `shared` is one group whose members may import each other);
//   - a row marked `features` holds one unit per sub-folder (the console's features): a feature
//     may import another only through its public entry, `<feature>/index`;
//   - dynamic `import()` and `require()` are checked like static imports; one whose path is
//     computed cannot be checked and is an error;
//   - a file named `*-service.ts` (a console service) may live only in the table's service units.
import path from 'node:path';

const SOURCE_EXTENSION = /\.(js|ts|tsx)$/;

/**
 * The unit of `file` under `root` (undefined when outside it): its row's rank, and its name (a
 * feature's is `<row unit>/<feature>`; a shared row's members are one unit). Rank -1: not in the
 * table.
 */
function unitOf(table, root, file) {
  const relative = path.relative(root, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const segments = relative.split(path.sep);
  const isFile = segments.length === 1;
  const top = isFile ? segments[0].replace(SOURCE_EXTENSION, '') : segments[0];
  for (let rank = 0; rank < table.rows.length; rank += 1) {
    const row = table.rows[rank];
    const member = row.units.find(
      (unit) => (isFile ? unit.replace(SOURCE_EXTENSION, '') : unit) === top,
    );
    if (member === undefined) continue;
    if (row.features && !isFile) {
      const feature = segments[1].replace(SOURCE_EXTENSION, '');
      return { name: `${member}/${feature}`, rank, row, member, feature };
    }
    return { name: row.shared ? `row ${rank + 1}` : member, rank, row, member };
  }
  return { name: top, rank: -1 };
}

/** True when `target` is the public entry of its feature (`features/<name>/index`). */
function isFeatureEntry(root, target, unit) {
  const entry = path.join(root, unit.member, unit.feature);
  const bare = target.replace(SOURCE_EXTENSION, '');
  return bare === entry || bare === path.join(entry, 'index');
}

function checkImport(context, table, root, source, node, file) {
  if (typeof source !== 'string' || !source.startsWith('.')) return;
  const from = unitOf(table, root, file);
  const target = path.resolve(path.dirname(file), source);
  const to = unitOf(table, root, target);
  if (!from || !to || from.rank < 0) return; // outside the root, or reported for the file itself
  if (to.rank < 0) {
    context.report({
      node,
      message: `Layer rule: ${to.name} is not in the layer table (eslint.layers.js).`,
    });
    return;
  }
  if (from.name === to.name) return;
  if (from.rank === to.rank && from.row.features && to.feature !== undefined) {
    if (isFeatureEntry(root, target, to)) return;
    context.report({
      node,
      message: `Layer rule: ${from.name} may use ${to.name} only through its public entry (${to.name}/index).`,
    });
    return;
  }
  if (from.rank < to.rank) return;
  context.report({
    node,
    message:
      from.rank === to.rank
        ? `Layer rule: ${from.name} and ${to.name} share a row of the layer table; neither imports the other (no folder cycles).`
        : `Layer rule: ${from.name} may not import ${to.name}, which is above it in the layer table (eslint.layers.js).`,
  });
}

/** The rule; options: `[{ root, rows, serviceUnits }]` (root relative to the working directory). */
export const layerRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports point down the layer table only' },
    schema: [{ type: 'object', additionalProperties: true }],
  },
  create(context) {
    const table = context.options[0];
    const root = path.resolve(context.cwd, table.root);
    const file = context.filename;
    const own = unitOf(table, root, file);
    const check = (source, node) => checkImport(context, table, root, source, node, file);
    return {
      Program(node) {
        if (!own) return;
        if (own.rank < 0) {
          context.report({
            node,
            message: `Layer rule: ${own.name} is not in the layer table (eslint.layers.js): place it in a row.`,
          });
          return;
        }
        if (
          table.serviceUnits &&
          /-service\.ts$/.test(file) &&
          !table.serviceUnits.includes(own.member)
        ) {
          context.report({
            node,
            message: `Layer rule: console services (*-service.ts) live in service folders (${table.serviceUnits.join(', ')}), not in ${own.member}/.`,
          });
        }
      },
      ImportDeclaration: (node) => check(node.source.value, node),
      ExportNamedDeclaration: (node) => node.source && check(node.source.value, node),
      ExportAllDeclaration: (node) => check(node.source.value, node),
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node.source.value, node);
        else if (node.source.type === 'TemplateLiteral' && node.source.expressions.length === 0) {
          check(node.source.quasis[0].value.cooked, node);
        } else {
          context.report({
            node,
            message: 'Layer rule: a dynamic import with a computed path cannot be checked.',
          });
        }
      },
      CallExpression(node) {
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'require') return;
        const [argument] = node.arguments;
        if (argument?.type === 'Literal') check(argument.value, node);
        else
          context.report({
            node,
            message: 'Layer rule: a require with a computed path cannot be checked.',
          });
      },
    };
  },
};

export const layerPlugin = { rules: { layers: layerRule } };
