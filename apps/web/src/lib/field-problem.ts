import type { FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { notify } from './notifier';

/**
 * A value the form refuses on submit: the message under the field and in a notification (the
 * field may be scrolled out of sight, or in a collapsed section).
 */
export function showFieldProblem<Values>(
  form: FormInstance<Values>,
  field: NamePath,
  message: string,
) {
  form.setFields([{ name: field as never, errors: [message] }]);
  notify.error(message);
}
