// DOM matchers (toBeVisible, toHaveTextContent, toHaveAttribute…) for screen tests: assertions on
// what a user sees, where `expect(getBy…()).toBeTruthy()` could never fail.
import '@testing-library/jest-dom';
// Screens rendered in jsdom and checked with axe take seconds on a busy 2-core machine (npm test
// runs three jest runs side by side): a timeout guards against a hang, it is not a budget.
// (`testTimeout` is a global option that a project's config ignores, so it is set here.)
jest.setTimeout(30_000);
