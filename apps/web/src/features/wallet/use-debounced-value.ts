import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `delay` milliseconds (typing pauses). */
export function useDebouncedValue<Value>(value: Value, delay: number): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
