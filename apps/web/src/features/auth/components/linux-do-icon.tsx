/** The Linux DO logo (three bands in a circle), sized like an antd icon. */
export function LinuxDoIcon() {
  return (
    <svg viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true">
      <circle cx="8" cy="8" r="7.5" fill="#f0f0f0" />
      <path d="M1.2 5.5a7 7 0 0 1 13.6 0z" fill="#1c1c1e" />
      <path d="M1.2 10.5h13.6a7 7 0 0 1-13.6 0z" fill="#ffb003" />
    </svg>
  );
}
