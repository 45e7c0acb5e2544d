import { Button, type ButtonProps } from 'antd';

/**
 * The button that mails a verification code: it spins while the mail is asked for, then waits
 * out the countdown before another code may be sent, showing the seconds left.
 */
export function SendCodeButton({
  remaining,
  sending,
  onSend,
  label,
  waitLabel,
  size,
}: {
  /** Seconds left of the countdown (0: a code may be sent). */
  remaining: number;
  sending: boolean;
  onSend: () => void;
  label: string;
  /** The text while waiting, given the seconds left. */
  waitLabel: (seconds: number) => string;
  size?: ButtonProps['size'];
}) {
  return (
    <Button size={size} onClick={onSend} loading={sending} disabled={remaining > 0}>
      {remaining > 0 ? waitLabel(remaining) : label}
    </Button>
  );
}
