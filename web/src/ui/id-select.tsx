/** A native select of named records by id (queues, connections, groups); the empty option means none (null). */
export function IdSelect({
  value,
  onChange,
  options,
  emptyLabel,
  testId,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  options: readonly { id: number; name: string }[];
  /** text of the empty option ('Selecione uma fila', 'Nenhuma'…) */
  emptyLabel: string;
  testId?: string;
}) {
  return (
    <select
      className="select w-full"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      data-testid={testId}
    >
      <option value="">{emptyLabel}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </select>
  );
}
