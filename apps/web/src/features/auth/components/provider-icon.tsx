import {
  AliyunOutlined,
  AppleOutlined,
  DingtalkOutlined,
  DiscordOutlined,
  GithubOutlined,
  GitlabOutlined,
  GoogleOutlined,
  SafetyCertificateOutlined,
  SlackOutlined,
  WindowsOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Icon names a custom provider may use (lower-cased; a brand's usual names). */
const NAMED_ICONS: Record<string, ReactNode> = {
  github: <GithubOutlined />,
  gitlab: <GitlabOutlined />,
  google: <GoogleOutlined />,
  microsoft: <WindowsOutlined />,
  azure: <WindowsOutlined />,
  windows: <WindowsOutlined />,
  apple: <AppleOutlined />,
  slack: <SlackOutlined />,
  discord: <DiscordOutlined />,
  dingtalk: <DingtalkOutlined />,
  aliyun: <AliyunOutlined />,
  oidc: <SafetyCertificateOutlined />,
};

/**
 * The icon of a custom sign-in provider: an image when `icon` is an https address, a known brand
 * name (`Google`, `GitLab`, `Microsoft`, ...; a `.Color`-style suffix is ignored), else the
 * provider name's first letter.
 */
export function ProviderIcon({ icon, name }: { icon: string; name: string }) {
  const trimmed = icon.trim();
  if (/^https:\/\//i.test(trimmed)) {
    return <img src={trimmed} alt="" width={18} height={18} style={{ verticalAlign: -3 }} />;
  }
  const named = NAMED_ICONS[trimmed.split('.')[0]!.toLowerCase()];
  if (named) return named;
  const letter = [...name.trim()][0]?.toUpperCase() ?? '?';
  return (
    <span aria-hidden style={{ fontWeight: 600, fontSize: 15, lineHeight: 1 }}>
      {letter}
    </span>
  );
}
