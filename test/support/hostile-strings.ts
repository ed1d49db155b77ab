/**
 * Strings a hostile service, test log or pull request can send: every form of command the
 * runner acts on, behind every separator and white space it honours, and with the characters
 * ICU's comparison ignores wedged in.
 */
export const HOSTILE_STRINGS = [
  'old ##[set-output name=deleted;]x',
  '::set-output name=status::hacked',
  '::save-state name=testRunId::trun-other',
  '  ::add-mask::x',
  '\t::set-env name=NODE_OPTIONS::--require=/tmp/x',
  '\u0085::add-path::/tmp/evil',
  '\u00a0\u2003\u3000::save-state name=a::b',
  'running\r::set-output name=status::finished',
  'running\r\n::stop-commands::tok',
  'x\u2028::set-output name=a::b',
  'x\u2029##[add-path]/tmp',
  'x\u000b::error::vt',
  'x\u000c::error::ff',
  ':\u200b:set-output name=a::b',
  '\ufeff::set-output name=a::b',
  '#\u2060#[set-output name=a;]b',
  '#\u200d#\u200d[save-state name=a;]b',
  '###[error]x ##[warning]y',
  'a\n::endgroup::\n::group::fake',
  '::ECHO::on',
  '::stop-commands::x\n::set-output name=a::b\n::x::',
] as const;
