import { FibreSignUp } from "@portal/lead-flow/sign-up";

const url = import.meta.env.VITE_SERVICES_URL;
const baseUrls = { address: `${url}/address`, shop: `${url}/shop`, content: `${url}/content` };

/** Our page's sign-up, from the address to the order number (the browser's and the server's). */
export const SignUp = ({ language, search }: { language: "bm" | "en"; search: string }) => (
  <FibreSignUp
    baseUrls={baseUrls}
    environment={import.meta.env.VITE_PORTAL_ENV ?? "production"} // else the OTP mock is off
    language={language}
    entry={search}
    onOrder={(orderNumber) => console.log(`order ${orderNumber}`)}
  />
);
