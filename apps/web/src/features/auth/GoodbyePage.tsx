import { Alert } from "@mantine/core";
import { FormPage } from "../../components/FormPage";
import { AnchorLink } from "../../components/links";

export function GoodbyePage() {
  return (
    <FormPage title="Goodbye">
      <Alert color="gray" role="status">
        Your account was deleted.
      </Alert>
      <AnchorLink to="/">Back to the home page</AnchorLink>
    </FormPage>
  );
}
