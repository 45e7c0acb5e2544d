import { InputNumber } from 'antd';
import { useEffect, useRef, useState } from 'react';

interface QuickNumberInputProps {
  /** Stored value; null shows an empty input (a tag whose channels differ). */
  value: number | null;
  min?: number;
  ariaLabel: string;
  disabled?: boolean;
  /**
   * Called with the text when the user leaves the field (or presses Enter) after a change; a
   * false outcome (refused, cancelled or failed) puts the stored value back.
   */
  onCommit: (text: string) => boolean | Promise<boolean>;
}

/**
 * An in-table number input for priority and weight: edits are sent when the field loses focus,
 * and only when the value changed. The cell follows the stored value when the list refreshes.
 */
export function QuickNumberInput({
  value,
  min,
  ariaLabel,
  disabled,
  onCommit,
}: QuickNumberInputProps) {
  const stored = value === null ? '' : String(value);
  const [text, setText] = useState(stored);
  // The input flushes its last value right before blurring; the ref sees it before a re-render.
  const latest = useRef(stored);

  useEffect(() => {
    latest.current = stored;
    setText(stored);
  }, [stored]);

  const commit = () => {
    const current = latest.current.trim();
    if (current === stored) return;
    void Promise.resolve(onCommit(current)).then((saved) => {
      if (saved) return;
      latest.current = stored;
      setText(stored);
    });
  };

  return (
    <InputNumber<string>
      stringMode
      size="small"
      style={{ width: 52 }}
      min={min === undefined ? undefined : String(min)}
      precision={0}
      value={text}
      disabled={disabled}
      aria-label={ariaLabel}
      onChange={(next) => {
        latest.current = next ?? '';
        setText(next ?? '');
      }}
      onBlur={commit}
      onPressEnter={(event) => (event.target as HTMLInputElement).blur()}
    />
  );
}
