/// The example of docs/language.md, as the language reference prints it.
public let dslExample = """
    flow App [entry] {
      start splash
      route splash {
        on ready when loggedIn -> start Shop as root
        on ready -> start Auth as cover
      }
      on Auth.done -> start Shop as root
    }
    flow Auth {
      start walkthrough
      route walkthrough "Welcome" { on getStarted -> push login }
      route login "Log in" {
        on forgotPassword -> sheet forgotPassword
        on signUp -> cover signup
        on loggedIn -> finish done
      }
      route forgotPassword "Reset password" { on sent -> dismiss }
      route signup "Sign up" {
        on close -> dismiss
        on created -> finish done
      }
    }
    flow Shop {
      start catalog
      route catalog "Shop" { on select(id: String) -> push product(id: id) }
      route product(id: String) {
        on buy -> start Checkout as sheet
        on related(id: String) -> push product(id: id)
      }
      route receipt [final]
      on Checkout.done -> set [catalog, receipt]
    }
    flow Checkout {
      start cart
      route cart { on pay -> push payment }
      route payment [noBack] { on paid -> finish done  on cancel -> finish cancel }
    }
    link "shop://product/:id" -> App/Shop/product(id: id)
    """
