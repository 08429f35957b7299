/** The crown of premium and junior-high free premium members, beside their picture or membership. */
export function PremiumMark() {
  return (
    <svg className="premium-mark" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M1.5 5 5 8l3-5 3 5 3.5-3-1.5 8h-10z" />
    </svg>
  )
}
