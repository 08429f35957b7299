import auth from './auth.json'
import common from './common.json'
import externalAuth from './externalAuth.json'
import frame from './frame.json'
import leave from './leave.json'
import mypage from './mypage.json'
import mypageList from './mypageList.json'
import penalty from './penalty.json'
import policies from './policies.json'
import profile from './profile.json'
import seal from './seal.json'
import timeTravel from './timeTravel.json'
import top from './top.json'

/** Every Japanese string of the web app, one file per area; keys read `seal.errors.SEAL_NOT_FOUND`. */
export const ja = {
  common,
  frame,
  top,
  seal,
  timeTravel,
  auth,
  policies,
  externalAuth,
  profile,
  leave,
  penalty,
  mypage,
  mypageList,
}
