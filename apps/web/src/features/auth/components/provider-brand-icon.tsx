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
import type { BrandName } from './provider-brands';

const BRAND_ICONS: Record<BrandName, ReactNode> = {
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

/** A brand's icon (its own chunk: loaded only when a provider shows one). */
export default function ProviderBrandIcon({ brand }: { brand: BrandName }) {
  return BRAND_ICONS[brand];
}
