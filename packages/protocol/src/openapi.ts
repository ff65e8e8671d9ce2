import { OpenApi } from "effect/http-api"
import { BoroughsApi } from "./Api.js"

/** The OpenAPI 3.1 document of the API, generated from its HttpApi definition. */
export const openApiDocument = (): OpenApi.OpenAPISpec => OpenApi.fromApi(BoroughsApi)
