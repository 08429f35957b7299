import type { AppModule } from '../module'
import { mypageFirstScreen } from './mypage.first-screen'
import { createMypageRepository } from './mypage.repository'
import { registerMypageRoutes } from './mypage.routes'
import { createMypageService } from './mypage.service'

/** My page: the member's plays and saved puris, its first screen rendered by the server. */
export const mypageModule: AppModule = {
  name: 'mypage',
  register({ app, db, storage, images, need }) {
    const mypage = createMypageService({ repo: createMypageRepository(db), storage, images })
    registerMypageRoutes(app, { mypage })
    return { firstScreens: mypageFirstScreen({ mypage, accounts: need('accounts') }) }
  },
}
