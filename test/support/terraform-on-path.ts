// The installed terraform, for the tests in which the emulator runs a module's real tests: they
// run where one is on the PATH (CI installs terraform 1.11) and say why they skip where none is.
import { findTerraform } from '../emulator/terraform-test.ts';

/** The first `terraform` on the PATH, if any. */
export const TERRAFORM = findTerraform();

/** Appended to the name of a suite that needs terraform: why it skips, where it does. */
export const NEEDS_TERRAFORM =
  TERRAFORM === undefined
    ? ' [skipped: no terraform on the PATH; it runs the uploaded module with the installed terraform, which CI installs]'
    : '';
