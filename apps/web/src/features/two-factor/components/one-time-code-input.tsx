import { Input, type InputProps } from 'antd';

/**
 * The field for a TOTP or backup code: focused on opening, offered the code from the phone's
 * keyboard (`one-time-code`), as long as a backup code at the most unless `maxLength` says less.
 */
export function OneTimeCodeInput({
  value,
  onChange,
  ...inputProps
}: { value: string; onChange: (code: string) => void } & Omit<InputProps, 'value' | 'onChange'>) {
  return (
    <Input
      autoFocus
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="one-time-code"
      maxLength={32}
      {...inputProps}
    />
  );
}
