import { FormDrawer } from '../../../components/forms/form-drawer';
import { ChannelEditorBody, ChannelEditorTitle } from '../form/channel-editor-body';
import { useChannelEditor } from '../form/use-channel-editor';

/** Which channel the drawer edits: a new one, or a stored one by id. */
export type ChannelDrawerTarget = { mode: 'add' } | { mode: 'edit'; id: number };

interface ChannelFormDrawerProps {
  target: ChannelDrawerTarget | null;
  onClose: () => void;
}

function DrawerBody({ channelId, onClose }: { channelId: number | null; onClose: () => void }) {
  const editor = useChannelEditor(channelId, onClose);
  return (
    <FormDrawer
      placement="right"
      open
      onClose={onClose}
      title={<ChannelEditorTitle channelId={channelId} channel={editor.channel} />}
      onSubmit={editor.submit}
      submitting={editor.pending}
      submitDisabled={editor.initialValues === null}
    >
      <ChannelEditorBody channelId={channelId} editor={editor} />
    </FormDrawer>
  );
}

/**
 * The add/edit form in a side drawer over the list. Each opening mounts a fresh form, so nothing
 * of a previous session is left behind.
 */
export function ChannelFormDrawer({ target, onClose }: ChannelFormDrawerProps) {
  if (!target) return null;
  const channelId = target.mode === 'edit' ? target.id : null;
  return <DrawerBody key={channelId ?? 'new'} channelId={channelId} onClose={onClose} />;
}
