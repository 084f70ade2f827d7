import { Center, Loader } from '@mantine/core';

/** Shown while translations or the first page load. */
export function PageLoader() {
  return (
    <Center mih="100vh">
      <Loader type="dots" />
    </Center>
  );
}
