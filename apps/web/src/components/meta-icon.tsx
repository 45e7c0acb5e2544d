import { Avatar } from 'antd';
import { iconSource } from '../lib/icon-source';
import { stringToColor } from '../lib/string-color';

interface MetaIconProps {
  /** The row's `icon` text: a URL, or an icon name drawn as initials. */
  icon: string;
  /** The model's or vendor's name (initials and colour when the icon is not an image). */
  name: string;
  size?: number;
}

/** The small round icon of a model or vendor of the catalogue. */
export function MetaIcon({ icon, name, size = 20 }: MetaIconProps) {
  const source = iconSource(icon, name);
  if (source.kind === 'image') {
    return <Avatar size={size} src={source.src} alt={name} shape="square" />;
  }
  return (
    <Avatar
      size={size}
      shape="square"
      style={{
        backgroundColor: stringToColor(name || source.text),
        fontSize: Math.round(size * 0.45),
        flexShrink: 0,
      }}
      aria-hidden
    >
      {source.text}
    </Avatar>
  );
}
