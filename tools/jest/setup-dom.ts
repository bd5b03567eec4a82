// DOM matchers (toBeVisible, toHaveTextContent, toHaveAttribute…) for screen tests: assertions on
// what a user sees, where `expect(getBy…()).toBeTruthy()` could never fail.
import '@testing-library/jest-dom';
