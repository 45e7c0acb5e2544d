import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { readString, writeString } from '../../../lib/local-store';
import { storageKeys } from '../../../lib/storage-keys';

/** Remembers an invite code passed as `?aff=` so that registration and OAuth can send it later. */
export function useRememberAffiliateCode(): void {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('aff');
  useEffect(() => {
    if (code) writeString(storageKeys.affiliateCode, code);
  }, [code]);
}

/** The invite code from the address, else the remembered one. */
export function currentAffiliateCode(searchParams: URLSearchParams): string {
  return searchParams.get('aff') || readString(storageKeys.affiliateCode) || '';
}
