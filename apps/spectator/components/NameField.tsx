/**
 * "Your name": a guest's display name as the server takes it (1 to 40 characters), controlled so that a refused
 * submission (React resets a form after its action) keeps what was typed.
 */
export function NameField({
  value,
  onChange,
  testId,
}: {
  value: string
  onChange: (name: string) => void
  testId: string
}) {
  return (
    <label>
      Your name
      <input
        name="name"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
        maxLength={40}
        autoComplete="nickname"
        data-testid={testId}
      />
    </label>
  )
}
