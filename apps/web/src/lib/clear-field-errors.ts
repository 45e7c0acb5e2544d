import type { FormInstance } from 'antd';

/**
 * Errors set by hand (the forms validate on submit, with the spec's messages) do not clear by
 * themselves: clear a field's error as soon as its value changes.
 */
export function clearChangedFieldErrors<Values>(form: FormInstance<Values>) {
  return (changed: Partial<Values>) => {
    form.setFields(Object.keys(changed).map((name) => ({ name: name as never, errors: [] })));
  };
}
